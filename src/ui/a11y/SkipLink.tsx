import type { MouseEvent } from 'react';
import { firstFocusableIn } from './focusable';

/**
 * "Skip to controls", the first stop of the page: focuses the open view's first control. It
 * handles the jump itself, since the URL hash holds the page's settings and an anchor would
 * replace them.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const view = document.querySelector<HTMLElement>('main:not([hidden])');
    const target = view ? (firstFocusableIn(view) ?? view) : null;
    target?.focus();
  };
  return (
    <a className="skip-link" href="#controls" data-testid="skip-to-controls" onClick={skip}>
      Skip to controls
    </a>
  );
}
