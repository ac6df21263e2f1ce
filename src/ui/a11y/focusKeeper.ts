import { focusablesIn, isShown, isUsable } from './focusable';

/**
 * The page's one rule for focus that would fall to nowhere. When the focused control is removed,
 * disabled or hidden (Train disables itself, a job's end removes the device queue bar, a lesson hides
 * a panel) and focus has gone nowhere else, it moves to the nearest sensible control:
 *
 * 1. in the nearest region around where the control was (its button row, panel, group, view), the
 *    control that became usable in the same change (Train → Stop, Pause → Resume, Run → Cancel,
 *    and back when the job ends);
 * 2. else that region's next control after where it was, else its previous one; widening region
 *    by region up to the view;
 * 3. else the open view's start: its first setting, where the skip link lands.
 *
 * Focus the user moved elsewhere (a click on the page's background included) is never taken.
 */

/** The regions a control belongs to, innermost first: where rule 1 and 2 look for a successor. */
const REGION = '.controls, [role="group"], [role="toolbar"], [role="tablist"], [role="dialog"], [role="region"], fieldset, details, form, section, main';

interface Remembered {
  element: HTMLElement;
  /** Each ancestor with the sibling that followed the path at the time: where "next" is after a removal. */
  path: { node: Element; next: Element | null }[];
}

function remember(element: HTMLElement): Remembered {
  const path: Remembered['path'] = [];
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) path.push({ node, next: node.nextElementSibling });
  return { element, path };
}

/** Where the lost control was: itself while still on the page, else the sibling that followed its removed part, else the end of the part's parent. */
type Place = { after: Node } | { at: Element } | { endOf: Element };

function placeOf({ element, path }: Remembered): Place | null {
  if (element.isConnected) return { after: element };
  const removed = path.findIndex(({ node }, i) => !node.isConnected && (path[i + 1]?.node.isConnected ?? false));
  if (removed < 0) return null;
  const { next } = path[removed];
  if (next?.isConnected && next.parentElement === path[removed + 1].node) return { at: next };
  return { endOf: path[removed + 1].node };
}

const follows = (place: Node, control: Node) => (place.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/** Rule 2 in one region: its first control after the place, else its last one before it. */
function nextOrPrevious(region: Element, place: Place): HTMLElement | null {
  const controls = focusablesIn(region);
  const isAfter = (c: HTMLElement) => ('after' in place ? follows(place.after, c) : 'at' in place ? c === place.at || follows(place.at, c) : follows(place.endOf, c) && !place.endOf.contains(c));
  return controls.find(isAfter) ?? controls.filter((c) => !isAfter(c)).at(-1) ?? null;
}

/** Rules 1 and 2: a successor inside the regions still on the page around where the lost control was, innermost first. */
function successor(lost: Remembered, becameUsable: readonly HTMLElement[]): HTMLElement | null {
  const regions = lost.path.map(({ node }) => node).filter((node) => node !== lost.element && node.isConnected && node.matches(REGION) && isShown(node));
  for (const region of regions) {
    const fresh = becameUsable.find((c) => c !== lost.element && region.contains(c));
    if (fresh) return fresh;
  }
  const place = placeOf(lost);
  if (!place) return null;
  for (const region of regions) {
    const found = nextOrPrevious(region, place);
    if (found) return found;
  }
  return null;
}

/** Controls that became usable in a batch of changes: a `disabled` removed, or newly added to the page. */
function becameUsable(records: readonly MutationRecord[]): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const record of records) {
    if (record.type === 'attributes' && record.attributeName === 'disabled' && record.target instanceof HTMLElement) out.push(record.target);
    if (record.type === 'childList') for (const node of record.addedNodes) if (node instanceof HTMLElement) out.push(...(node.matches('button, input, select, textarea, a[href]') ? [node] : []), ...focusablesIn(node));
  }
  return out.filter(isUsable);
}

/**
 * Installs the rule on the page; `viewStart` gives rule 3's target. Returns the uninstall call.
 */
export function installFocusKeeper(viewStart: () => HTMLElement | null): () => void {
  let last: Remembered | null = null;

  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) last = remember(event.target);
  };
  // Focus sent to nothing while its control is still usable: the user left it (a click on the background).
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget !== null) return;
    const left = last;
    setTimeout(() => {
      if (last === left && left && document.activeElement === document.body && isUsable(left.element)) last = null;
    });
  };

  const rescue = (records: readonly MutationRecord[]) => {
    const lost = last;
    if (!lost) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== lost.element) return;
    // Text that changed (a figure each frame) cannot hide a control: only attributes and removed elements can.
    const mayHide = records.some((r) => r.type === 'attributes' || [...r.removedNodes].some((n) => n.nodeType === Node.ELEMENT_NODE));
    if (!mayHide || isUsable(lost.element)) return;
    const target = successor(lost, becameUsable(records)) ?? viewStart();
    if (target && target !== lost.element) target.focus();
  };

  const observer = new MutationObserver(rescue);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'open', 'class', 'inert'] });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}
