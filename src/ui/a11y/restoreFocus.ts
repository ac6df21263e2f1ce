/** The element that has focus now, to give it back later; null when focus is nowhere (the body). */
export function currentFocus(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Gives focus back to `previous`; when it is gone or hidden (a menu item whose menu closed), to
 * the summary of the menu that held it.
 */
export function restoreFocus(previous: HTMLElement | null): void {
  if (!previous) return;
  if (previous.isConnected && previous.getClientRects().length > 0) {
    previous.focus();
    return;
  }
  const summary = previous.closest('details')?.querySelector('summary');
  if (summary instanceof HTMLElement && summary.isConnected) summary.focus();
}
