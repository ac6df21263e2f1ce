import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import { withDeadline } from './deadline';

describe('a deadline on work that may never settle', () => {
  const late = msg('engine.backend.startStalled', { backend: 'wasm', seconds: 0.05 });

  it('ends work that never settles in its sentence', async () => {
    await expect(withDeadline(new Promise(() => undefined), 50, late)).rejects.toMatchObject({ said: late });
  });

  it('passes work that settles in time through, value or error', async () => {
    await expect(withDeadline(Promise.resolve(7), 1_000, late)).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('refused')), 1_000, late)).rejects.toThrow('refused');
  });
});
