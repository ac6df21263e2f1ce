import { useLayoutEffect, type RefObject } from 'react';
import { focusablesIn } from './focusable';
import { currentFocus, restoreFocus } from './restoreFocus';

/**
 * Keeps keyboard focus inside a dialog while it is open: focus moves in when it opens (to
 * `initial`, else its first control), Tab and Shift+Tab wrap around inside it, Escape calls
 * `onEscape`, and the element that had focus before gets it back when the dialog closes.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape: () => void, initial?: RefObject<HTMLElement | null>): void {
  // A layout effect: focus goes back in the commit that removes the dialog, before the page's focus rule (focusKeeper.ts) would look for a successor.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = currentFocus();
    (initial?.current ?? focusablesIn(dialog)[0] ?? dialog).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const stops = focusablesIn(dialog);
      if (stops.length === 0) {
        event.preventDefault();
        return;
      }
      const first = stops[0];
      const last = stops[stops.length - 1];
      const active = document.activeElement;
      const outside = !(active instanceof Node) || !dialog.contains(active);
      if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      restoreFocus(previous);
    };
  }, [ref, onEscape, initial]);
}
