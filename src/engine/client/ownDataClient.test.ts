import { describe, expect, it } from 'vitest';
import type { OwnDatasetSummary } from '../../config/datasets';
import { msg } from '../../i18n/message';
import { englishRejection } from '../../i18n/testing/english';
import type { OwnDataCommand, OwnDataEvent } from '../protocol/ownData';
import { OwnDataClient, type OwnDataPort } from './ownDataClient';

const SUMMARY: OwnDatasetSummary = {
  id: 'own:0123456789abcdef',
  hash: '0123456789abcdef'.repeat(4),
  name: 'AB',
  classNames: ['a', 'b'],
  format: { size: 28, channels: 1 },
  trainCount: 4,
  testCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  fileBytes: 99,
};

/** A stand-in worker answering each command as the data set worker would (its commands are tested in src/engine/ownData). */
function scriptedPort(answer: (command: OwnDataCommand) => OwnDataEvent[]): OwnDataPort & { sent: OwnDataCommand[] } {
  const port = {
    sent: [] as OwnDataCommand[],
    onmessage: null as OwnDataPort['onmessage'],
    onerror: null as OwnDataPort['onerror'],
    postMessage(command: OwnDataCommand) {
      port.sent.push(command);
      queueMicrotask(() => answer(command).forEach((event) => port.onmessage?.({ data: event } as MessageEvent<OwnDataEvent>)));
    },
    terminate: () => undefined,
  };
  return port;
}

describe('the data set worker’s client', () => {
  it('starts the worker on the first request, passes progress on, and resolves each request by its id', async () => {
    let spawned = 0;
    const port = scriptedPort((c) =>
      c.type === 'importFolder'
        ? [{ type: 'progress', id: c.id, done: 1, total: 2 }, { type: 'progress', id: c.id, done: 2, total: 2 }, { type: 'imported', id: c.id, summary: SUMMARY, skipped: ['notes.txt'] }]
        : c.type === 'list'
          ? [{ type: 'listed', id: c.id, datasets: [SUMMARY], damaged: [] }]
          : [{ type: 'removed', id: c.id }],
    );
    const client = new OwnDataClient(() => (spawned++, port));
    expect(spawned).toBe(0);
    const progress: number[] = [];
    const task = client.importFolder('AB', [{ path: 'a/1.png', file: new Blob(['x']) }], (done) => progress.push(done));
    client.stop(task.id);
    expect(await task.done).toEqual({ summary: SUMMARY, skipped: ['notes.txt'] });
    expect(progress).toEqual([1, 2]);
    expect((await client.list()).datasets).toEqual([SUMMARY]);
    await client.remove(SUMMARY.id);
    expect(spawned).toBe(1);
    expect(port.sent.map((c) => c.type)).toEqual(['importFolder', 'stop', 'list', 'remove']);
  });

  it('rejects with the worker’s sentence, and with one of its own when the worker dies', async () => {
    const client = new OwnDataClient(() => scriptedPort((c) => [{ type: 'failed', id: c.id, error: msg('ownData.notHeld', { id: 'own:0000000000000001' }) }]));
    expect(await englishRejection(client.file('own:0000000000000001'))).toMatch(/^This browser does not hold the data set own:0000000000000001/);
    const silent = scriptedPort(() => []);
    const dying = new OwnDataClient(() => silent);
    const listing = dying.list();
    silent.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
    expect(await englishRejection(listing)).toBe('The data set worker failed: boom');
  });
});
