import { describe, expect, it } from 'vitest';
import { rovingIndex } from './roving';

describe('one tab stop for a row of controls', () => {
  it('steps with the arrows, wrapping at both ends', () => {
    expect(rovingIndex('ArrowRight', 0, 5)).toBe(1);
    expect(rovingIndex('ArrowRight', 4, 5)).toBe(0);
    expect(rovingIndex('ArrowLeft', 0, 5)).toBe(4);
    expect(rovingIndex('ArrowLeft', 3, 5)).toBe(2);
  });

  it('jumps with Home and End', () => {
    expect(rovingIndex('Home', 3, 5)).toBe(0);
    expect(rovingIndex('End', 1, 5)).toBe(4);
  });

  it('leaves every other key (and an empty row) alone', () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'a']) expect(rovingIndex(key, 1, 5)).toBeNull();
    expect(rovingIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
