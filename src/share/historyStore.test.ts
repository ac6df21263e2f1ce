import { describe, expect, it } from 'vitest';
import { openHistory, storageError } from './historyStore';
import { englishError, englishRejection } from '../i18n/testing/english';

// The store itself needs IndexedDB, which Node lacks; the end-to-end tests exercise it in Chromium.
describe('run history storage', () => {
  it('says plainly when the platform has no IndexedDB', async () => {
    expect(typeof indexedDB).toBe('undefined');
    expect(await englishRejection(openHistory('test-history'))).toBe('This browser has no IndexedDB, so run history is unavailable');
  });

  it('turns a quota error into a clear "storage is full" message', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(englishError(storageError(quota))).toBe(
      'Browser storage is full: The quota has been exceeded. Delete old runs from the history to make room.',
    );
  });

  it('keeps other storage errors, with their message', () => {
    expect(englishError(storageError(new DOMException('Version change blocked', 'AbortError')))).toBe('Browser storage failed: Version change blocked');
    expect(englishError(storageError(null))).toBe('Browser storage failed: null');
  });
});
