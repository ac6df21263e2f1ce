import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import type { JobEvent, JobOutcome } from '../protocol/jobs';
import { DeviceClient, type OwnerPort } from './deviceClient';
import type { OwnerCommand, OwnerEvent } from '../protocol/jobs';
import { english } from '../../i18n/testing/english';

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
});
