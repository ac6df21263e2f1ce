import { describe, expect, it } from 'vitest';
import { encodeCheckpoint, type Checkpoint } from '../engine/protocol/checkpointFormat';
import { sampleGanCheckpoint } from '../engine/protocol/checkpointFixtures';
import { english } from '../i18n/testing/english';
import { sampleCheckpoint } from './fixtures/savedModel';
import { isReadableModel, newestFirst, readModelEntry, type StoredModelEntry } from './modelStore';

const bytesOf = (checkpoint: Checkpoint): ArrayBuffer => encodeCheckpoint(checkpoint).buffer as ArrayBuffer;
const AT = '2025-02-01T10:00:00.000Z';

/** What a listed entry shows: its kind and step, or why it cannot be loaded. */
function shown(entry: StoredModelEntry | null): string | null {
  if (entry === null) return null;
  return isReadableModel(entry) ? `${entry.header.config.workload} step ${entry.header.progress.step}` : `damaged: ${english(entry.error)}`;
}

describe('a saved model as stored in this browser', () => {
  it('lists a CNN model and a GAN run, each with its header; a damaged one with the validator’s sentence', () => {
    expect(shown(readModelEntry({ id: 'a', createdAt: AT, runCreatedAt: null, bytes: bytesOf(sampleCheckpoint()) }))).toBe('cnn step 3');
    const gan = readModelEntry({ id: 'b', createdAt: AT, runCreatedAt: '2025-02-01T09:59:00.000Z', bytes: bytesOf(sampleGanCheckpoint()) });
    expect(shown(gan)).toBe('gan step 50');
    expect(gan && isReadableModel(gan) && gan.runCreatedAt).toBe('2025-02-01T09:59:00.000Z');
    const cut = readModelEntry({ id: 'c', createdAt: AT, runCreatedAt: null, bytes: bytesOf(sampleGanCheckpoint()).slice(0, 40) });
    expect(shown(cut)).toMatch(/^damaged: Not a usable checkpoint: /);
    expect(cut).toMatchObject({ id: 'c', createdAt: AT });
  });

  it('a record this page did not write says so; one without an id is left out (nothing could name or delete it)', () => {
    expect(shown(readModelEntry({ id: 'd', createdAt: AT, runCreatedAt: null, bytes: 'not bytes' }))).toBe('damaged: This saved model is not a record this page wrote.');
    expect(readModelEntry({ id: 'e', createdAt: 'yesterday', runCreatedAt: null, bytes: bytesOf(sampleCheckpoint()) })).toMatchObject({ id: 'e', createdAt: null });
    expect(readModelEntry({ createdAt: AT, bytes: bytesOf(sampleCheckpoint()) })).toBeNull();
    expect(readModelEntry('a string')).toBeNull();
    expect(readModelEntry(null)).toBeNull();
  });

  it('lists newest first, an entry with no date last', () => {
    const entry = (id: string, createdAt: string | null): StoredModelEntry => ({ id, createdAt, error: { id: 'check.storage.foreignModel' } });
    const sorted = [entry('old', '2025-01-01T00:00:00.000Z'), entry('none', null), entry('new', '2025-03-01T00:00:00.000Z')].sort(newestFirst);
    expect(sorted.map((e) => e.id)).toEqual(['new', 'old', 'none']);
  });
});
