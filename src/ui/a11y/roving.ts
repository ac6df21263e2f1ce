/**
 * One tab stop for a row of controls (WAI-ARIA tabs and toolbars): Tab reaches one of them, the
 * arrow keys move between them (wrapping), Home and End go to the first and the last.
 */

/** The index focus moves to on `key` in a row of `count` controls, or null when the key is not one of the row's. */
export function rovingIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Moves focus within `items` as `rovingIndex` says for this key event on one of them; returns the
 * control it moved to (the caller may select it), or null when the key is not the row's.
 */
export function moveRovingFocus(event: { key: string; currentTarget: EventTarget; preventDefault(): void; altKey: boolean; ctrlKey: boolean; metaKey: boolean }, items: readonly HTMLElement[]): HTMLElement | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const index = items.findIndex((item) => item === event.currentTarget);
  const next = index < 0 ? null : rovingIndex(event.key, index, items.length);
  if (next === null) return null;
  event.preventDefault();
  items[next].focus();
  return items[next];
}
