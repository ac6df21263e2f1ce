/** What Tab can reach inside an element, in document order. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && !element.closest('[hidden]');
}

export function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
}

export function firstFocusableIn(root: HTMLElement): HTMLElement | null {
  return focusablesIn(root)[0] ?? null;
}
