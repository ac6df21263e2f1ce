import type { MouseEvent } from 'react';
import { useT } from '../i18n/useT';
import { firstFocusableIn } from './focusable';

/** The id the open view's <main> carries: the skip link's target. */
export const SKIP_TARGET_ID = 'controls';

/**
 * "Skip to controls", the first stop of the page: focuses the open view's first control. It
 * handles the jump itself, since the URL hash holds the page's settings and an anchor would
 * replace them.
 */
export function SkipLink() {
  const t = useT();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const view = document.getElementById(SKIP_TARGET_ID);
    const target = view ? (firstFocusableIn(view) ?? view) : null;
    target?.focus();
  };
  return (
    <a className="skip-link" href={`#${SKIP_TARGET_ID}`} data-testid="skip-to-controls" onClick={skip}>
      {t('a11y.skip')}
    </a>
  );
}
