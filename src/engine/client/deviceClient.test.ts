import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import type { JobEvent, JobOutcome } from '../protocol/jobs';
import { DeviceClient, type OwnerPort } from './deviceClient';
import type { OwnerCommand, OwnerEvent } from '../protocol/jobs';
import { english } from '../../i18n/testing/english';
import { WORKER_PING_MS, WORKER_STALL_MS, WORKER_STALLED_STARTS_MAX } from '../../config/tunables';
import type { Clock } from './startWatch';

class Port implements OwnerPort {
  readonly commands: OwnerCommand[] = [];
  onmessage: ((message: MessageEvent<OwnerEvent>) => void) | null = null;
  onerror: ((error: ErrorEvent) => void) | null = null;
  terminated = false;
  postMessage = (command: OwnerCommand) => void this.commands.push(command);
  terminate = () => void (this.terminated = true);
  send = (event: OwnerEvent) => this.onmessage?.({ data: event } as MessageEvent<OwnerEvent>);
}

const TRAIN = { kind: 'train' as const, config: defaultCnnConfig() };

describe('the device client', () => {
  it('starts its worker on first use, routes each job’s events to whoever submitted it, and mirrors the queue', () => {
    const ports: Port[] = [];
    const client = new DeviceClient(() => ports[ports.push(new Port()) - 1]);
    expect(ports).toHaveLength(0);
    const seen: [string, JobEvent | JobOutcome | null][] = [];
    const a = client.submit(TRAIN, { onStarted: () => seen.push(['a started', null]), onEvent: (e) => seen.push(['a', e]), onEnded: (o) => seen.push(['a ended', o]) });
    const b = client.submit({ kind: 'deviceReport' }, { onEvent: (e) => seen.push(['b', e]) });
    const port = ports[0];
    expect(port.commands).toEqual([
      { type: 'submit', id: a, request: TRAIN },
      { type: 'submit', id: b, request: { kind: 'deviceReport' } },
    ]);
    const entries = [
      { id: a, kind: 'train' as const, name: 'the CNN training run', view: 'train' as const, status: 'running' as const, position: 0 },
      { id: b, kind: 'deviceReport' as const, name: 'the device report', view: 'lab' as const, status: 'queued' as const, position: 1 },
    ];
    port.send({ type: 'queue', entries });
    port.send({ type: 'queue', entries });
    expect(client.entryOf(b)?.position).toBe(1);
    port.send({ type: 'job', id: a, event: { type: 'state', state: 'training' } });
    port.send({ type: 'ended', id: a, outcome: { status: 'done' }, span: { startedAt: 1, endedAt: 2 } });
    port.send({ type: 'job', id: a, event: { type: 'state', state: 'training' } });
    expect(seen).toEqual([
      ['a started', null],
      ['a', { type: 'state', state: 'training' }],
      ['a ended', { status: 'done' }],
    ]);
    client.control(a, { action: 'pause' });
    client.cancel(b);
    expect(port.commands.slice(2)).toEqual([{ type: 'cancel', id: b }]);
  });

  it('fails the job a crashed worker was running and hands the queued ones to a fresh worker, in order', () => {
    const ports: Port[] = [];
    const client = new DeviceClient(() => ports[ports.push(new Port()) - 1]);
    const ended: [number, JobOutcome][] = [];
    const a = client.submit(TRAIN, { onEnded: (o) => ended.push([a, o]) });
    const b = client.submit({ kind: 'deviceReport' }, { onEnded: (o) => ended.push([b, o]) });
    ports[0].send({ type: 'queue', entries: [{ id: a, kind: 'train', name: 'x', view: 'train', status: 'running', position: 0 }] });
    ports[0].onerror?.({ message: 'out of memory', preventDefault: () => undefined } as ErrorEvent);
    expect(ports[0].terminated).toBe(true);
    expect(ended).toHaveLength(1);
    const [[id, outcome]] = ended;
    expect(id).toBe(a);
    expect(outcome.status === 'error' && english(outcome.message)).toBe('The device worker crashed: out of memory. It has been restarted.');
    expect(english(client.getSnapshot().crash)).toContain('out of memory');
    expect(ports[1].commands).toEqual([{ type: 'detect' }, { type: 'submit', id: b, request: { kind: 'deviceReport' } }]);
  });

  describe('the start watch', () => {
    /** A clock the test moves by hand; its interval ticks as time passes. */
    class ManualClock implements Clock {
      private time = 0;
      private readonly ticks = new Set<{ ms: number; next: number; tick: () => void }>();
      now = () => this.time;
      every = (ms: number, tick: () => void) => {
        const entry = { ms, next: this.time + ms, tick };
        this.ticks.add(entry);
        return () => void this.ticks.delete(entry);
      };
      advance(ms: number): void {
        const end = this.time + ms;
        for (;;) {
          const due = [...this.ticks].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
          if (!due) break;
          this.time = due.next;
          due.next += due.ms;
          due.tick();
        }
        this.time = end;
      }
    }
    const running = (id: number) => ({ type: 'queue' as const, entries: [{ id, kind: 'train' as const, name: 'x', view: 'train' as const, status: 'running' as const, position: 0 }] });

    it('pings a starting worker, and a worker that answers is never replaced however long a step then holds it', () => {
      const ports: Port[] = [];
      const clock = new ManualClock();
      const client = new DeviceClient(() => ports[ports.push(new Port()) - 1], clock);
      const a = client.submit(TRAIN);
      clock.advance(WORKER_PING_MS * 3);
      expect(ports[0].commands.filter((c) => c.type === 'ping')).toHaveLength(3);
      ports[0].send({ type: 'pong' });
      ports[0].send(running(a));
      ports[0].send({ type: 'starting', backend: 'wasm' });
      clock.advance(WORKER_STALL_MS - 1);
      ports[0].send({ type: 'pong' });
      clock.advance(WORKER_STALL_MS - 1);
      ports[0].send({ type: 'starting', backend: null });
      const pings = ports[0].commands.length;
      clock.advance(WORKER_STALL_MS * 10);
      expect(ports[0].commands).toHaveLength(pings);
      expect(ports).toHaveLength(1);
    });

    it('replaces a worker that never answers, with every job in order, and ends the stuck job in a sentence after the last try', () => {
      const ports: Port[] = [];
      const clock = new ManualClock();
      const client = new DeviceClient(() => ports[ports.push(new Port()) - 1], clock);
      const ended: JobOutcome[] = [];
      const a = client.submit(TRAIN, { onEnded: (o) => ended.push(o) });
      const b = client.submit({ kind: 'deviceReport' });
      for (let worker = 1; worker < WORKER_STALLED_STARTS_MAX; worker++) {
        clock.advance(WORKER_STALL_MS);
        expect(ports[worker - 1].terminated).toBe(true);
        expect(ports[worker].commands).toEqual([
          { type: 'detect' },
          { type: 'submit', id: a, request: TRAIN },
          { type: 'submit', id: b, request: { kind: 'deviceReport' } },
        ]);
      }
      expect(ended).toEqual([]);
      clock.advance(WORKER_STALL_MS);
      expect(ended).toHaveLength(1);
      expect(ended[0].status === 'error' && english(ended[0].message)).toBe(
        `The device worker did not start: it gave no answer for 10 s, ${WORKER_STALLED_STARTS_MAX} times in a row, and nothing ran. The browser could not start a worker thread; reload the page to try again.`,
      );
      expect(ports.at(-1)?.commands).toEqual([{ type: 'detect' }, { type: 'submit', id: b, request: { kind: 'deviceReport' } }]);
    });

    it('ends a job whose backend start went silent once another backend had started for it (a race is not repeated)', () => {
      const ports: Port[] = [];
      const clock = new ManualClock();
      const client = new DeviceClient(() => ports[ports.push(new Port()) - 1], clock);
      const ended: JobOutcome[] = [];
      const race = client.submit({ kind: 'deviceReport' }, { onEnded: (o) => ended.push(o) });
      ports[0].send(running(race));
      ports[0].send({ type: 'starting', backend: 'cpu' });
      ports[0].send({ type: 'starting', backend: null });
      ports[0].send({ type: 'starting', backend: 'webgl' });
      clock.advance(WORKER_STALL_MS);
      expect(ports[0].terminated).toBe(true);
      expect(ended[0].status === 'error' && english(ended[0].message)).toBe(
        'The device worker stopped answering for 10 s while it started the WebGL backend (1 try), and this job was stopped. The browser could not start the backend’s threads; reload the page, or pick another backend.',
      );
      expect(ports[1].commands).toEqual([{ type: 'detect' }]);
    });
  });
});
