import { describe, expect, it } from 'vitest';
import { openHistory, storageError } from './historyStore';

// The store itself needs IndexedDB, which Node lacks; the end-to-end tests exercise it in Chromium.
describe('run history storage', () => {
  it('says plainly when the platform has no IndexedDB', async () => {
    expect(typeof indexedDB).toBe('undefined');
    await expect(openHistory('test-history')).rejects.toThrow('This browser has no IndexedDB, so run history is unavailable');
  });

  it('turns a quota error into a clear "storage is full" message', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(storageError(quota).message).toBe(
      'Browser storage is full: The quota has been exceeded. Delete old runs from the history to make room.',
    );
  });

  it('keeps other storage errors, with their message', () => {
    expect(storageError(new DOMException('Version change blocked', 'AbortError')).message).toBe('Browser storage failed: Version change blocked');
    expect(storageError(null).message).toBe('Browser storage failed: null');
  });
});
