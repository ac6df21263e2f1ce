/** Test doubles for the stores: a device-owner port driven by the test, and a scheduler that runs at once. */
import type { BackendAvailability } from '../../config/backends';
import type { OwnerPort } from '../../engine/client/deviceClient';
import type { JobEvent, JobOutcome, OwnerCommand, OwnerEvent, QueueEntry } from '../../engine/protocol/jobs';
import { msg } from '../../i18n/message';
import type { FrameScheduler } from '../runStore';

/** Listeners run at once instead of once per animation frame. */
export const immediately: FrameScheduler = (callback) => callback();

export const NODE_BACKENDS: BackendAvailability[] = [
  { name: 'cpu', available: true, reason: msg('engine.backend.cpu.ready') },
  { name: 'wasm', available: true, reason: msg('engine.backend.wasm.oneThread') },
  { name: 'webgl', available: false, reason: msg('engine.backend.webgl.noOffscreenCanvas') },
  { name: 'webgpu', available: false, reason: msg('engine.backend.webgpu.missing') },
];

/** The device owner as the test plays it: it sees every command and answers only when told. */
export class FakeOwnerPort implements OwnerPort {
  readonly commands: OwnerCommand[] = [];
  onmessage: ((message: MessageEvent<OwnerEvent>) => void) | null = null;
  onerror: ((error: ErrorEvent) => void) | null = null;
  terminated = false;

  postMessage(command: OwnerCommand): void {
    this.commands.push(command);
  }

  terminate(): void {
    this.terminated = true;
  }

  send(event: OwnerEvent): void {
    this.onmessage?.({ data: event } as MessageEvent<OwnerEvent>);
  }

  /** The ids the page submitted, in order. */
  submitted(): number[] {
    return this.commands.flatMap((c) => (c.type === 'submit' ? [c.id] : []));
  }

  lastSubmit(): Extract<OwnerCommand, { type: 'submit' }> {
    const last = [...this.commands].reverse().find((c) => c.type === 'submit');
    if (!last || last.type !== 'submit') throw new Error('nothing was submitted');
    return last;
  }

  queue(entries: QueueEntry[]): void {
    this.send({ type: 'queue', entries });
  }

  /** Tells the page that job `id` now holds the device. */
  run(id: number, kind: QueueEntry['kind'] = 'train'): void {
    this.queue([{ id, kind, name: 'the job', view: 'train', status: 'running', position: 0 }]);
  }

  event(id: number, event: JobEvent): void {
    this.send({ type: 'job', id, event });
  }

  end(id: number, outcome: JobOutcome = { status: 'done' }): void {
    this.send({ type: 'ended', id, outcome, span: { startedAt: 0, endedAt: 1 } });
    this.queue([]);
  }

  crash(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
}
