import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A control that disables itself when pressed (Train, Pause, Stop) would drop keyboard focus to
 * the page's body. This watches a group of controls: when the one that had focus becomes
 * disabled or leaves the page while focus has gone nowhere else, `pick` chooses where it goes
 * (e.g. Pause after Train, Train after Stop). Focus the user moved elsewhere is never taken.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>, pick: () => HTMLElement | null): void {
  const lastFocused = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const group = container.current;
    if (!group) return;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    const onFocusOut = (event: FocusEvent) => {
      // Focus moved to another element outside the group: the user went elsewhere. (A disabled control loses focus to nothing: relatedTarget is null.)
      if (event.relatedTarget instanceof Node && !group.contains(event.relatedTarget)) lastFocused.current = null;
    };
    group.addEventListener('focusin', onFocusIn);
    group.addEventListener('focusout', onFocusOut);
    return () => {
      group.removeEventListener('focusin', onFocusIn);
      group.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);

  // After every render: cheap, and a disabled attribute is set by a render.
  useLayoutEffect(() => {
    const last = lastFocused.current;
    if (!last) return;
    const active = document.activeElement;
    const focusLost = active === null || active === document.body || active === last;
    const unusable = !last.isConnected || (last instanceof HTMLButtonElement && last.disabled);
    if (!focusLost || !unusable) return;
    const target = pick();
    if (target && target !== last) target.focus();
  });
}

/** The first of these buttons that can be pressed. */
export function firstEnabled(...buttons: (HTMLButtonElement | null)[]): HTMLButtonElement | null {
  return buttons.find((b) => b !== null && !b.disabled && b.isConnected) ?? null;
}
