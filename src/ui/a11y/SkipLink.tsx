import type { MouseEvent } from 'react';
import type { ViewId } from '../../config/views';
import { useT } from '../i18n/useT';
import { usePageSettings } from '../share/pageStore';
import { viewStart } from './focusable';

/** The id of a view's <main>: the skip link's target, and what its tab controls. */
export const viewElementId = (view: ViewId) => `view-${view}`;

/** Where the open view starts for a keyboard (its first setting), or null before it is on the page. */
export function openViewStart(): HTMLElement | null {
  const view = document.querySelector<HTMLElement>('main[data-view]:not([hidden])');
  return view ? viewStart(view) : null;
}

/** How long a view that is still loading (its code is fetched when first shown) is watched for its first setting, ms. */
const VIEW_LOAD_WAIT_MS = 10_000;

/**
 * Focuses the open view's start. A view still loading has none yet: it takes focus itself, and its first
 * setting takes it over when it arrives, unless the user has moved on meanwhile.
 */
function focusOpenViewStart(): void {
  const view = document.querySelector<HTMLElement>('main[data-view]:not([hidden])');
  if (!view) return;
  const start = viewStart(view);
  start.focus();
  if (start !== view) return;
  const observer = new MutationObserver(() => {
    if (document.activeElement !== view) return observer.disconnect();
    const loaded = viewStart(view);
    if (loaded === view) return;
    observer.disconnect();
    loaded.focus();
  });
  observer.observe(view, { childList: true, subtree: true, attributes: true });
  setTimeout(() => observer.disconnect(), VIEW_LOAD_WAIT_MS);
}

/**
 * "Skip to controls", the first stop of the page: focuses the open view's first setting. It handles
 * the jump itself, since the URL hash holds the page's settings and an anchor would replace them.
 */
export function SkipLink() {
  const t = useT();
  const view = usePageSettings().settings.view;
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusOpenViewStart();
  };
  return (
    <a className="skip-link" href={`#${viewElementId(view)}`} data-testid="skip-to-controls" onClick={skip}>
      {t('a11y.skip')}
    </a>
  );
}
