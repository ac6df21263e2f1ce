import { describe, expect, it } from 'vitest';
import { openOnce } from './openOnce';

describe('openOnce', () => {
  it('opens on first use and shares that one open; a failed open is tried again next time', async () => {
    let opens = 0;
    let fail = true;
    const database = openOnce(async () => {
      opens++;
      if (fail) throw new Error('quota');
      return 'db';
    });
    expect(opens).toBe(0);
    await expect(database()).rejects.toThrow('quota');
    fail = false;
    const [a, b] = await Promise.all([database(), database()]);
    expect([a, b, opens]).toEqual(['db', 'db', 2]);
    await database();
    expect(opens).toBe(2);
  });
});
