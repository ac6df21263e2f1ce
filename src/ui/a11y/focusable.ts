/** What Tab can reach inside an element, in document order. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
/** A view's settings: where the skip link, and focus that had nowhere else to go, land. */
const SETTING = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [role="application"][tabindex="0"]';

/** Shown on the page: laid out, not in a hidden panel or a closed group (<details>), not invisible. */
export function isShown(element: Element): boolean {
  if (element.closest('[hidden], [inert]')) return false;
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true });
  return element.getClientRects().length > 0;
}

/** Whether a control can take focus now: on the page, shown, and not disabled. */
export function isUsable(element: Element): boolean {
  return element.isConnected && !(element as HTMLButtonElement).disabled && isShown(element);
}

export function focusablesIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isUsable);
}

export function firstFocusableIn(root: ParentNode): HTMLElement | null {
  return focusablesIn(root)[0] ?? null;
}

/** A radio group is one stop: its checked radio when it has one. */
function stopOf(control: HTMLElement): HTMLElement {
  if (!(control instanceof HTMLInputElement) || control.type !== 'radio' || !control.name) return control;
  const checked = [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(control.name)}"]`)].find((r) => r.checked && isUsable(r));
  return checked ?? control;
}

/**
 * Where a view starts for a keyboard: its first setting (a radio group's checked option), else its
 * first control, else the view itself (it takes focus from a script: tabindex -1).
 */
export function viewStart(view: HTMLElement): HTMLElement {
  const setting = [...view.querySelectorAll<HTMLElement>(SETTING)].find(isUsable);
  return setting ? stopOf(setting) : (firstFocusableIn(view) ?? view);
}
