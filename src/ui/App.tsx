import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { VIEW_IDS, type ViewId } from '../config/views';
import './a11y/focus.css';
import { installFocusKeeper } from './a11y/focusKeeper';
import { isShown } from './a11y/focusable';
import { moveRovingFocus } from './a11y/roving';
import { openViewStart, SkipLink, viewElementId } from './a11y/SkipLink';
import { DeviceQueue } from './components/DeviceQueue';
import { startServiceWorker } from './hosting/serviceWorkerUpdates';
import { UpdateBanner } from './hosting/UpdateBanner';
import { deviceClient } from './device';
import { LessonBar } from './lessons/LessonBar';
import { LessonsMenu } from './lessons/LessonsMenu';
import { ShowLinkButton } from './present/ShowLinkButton';
import { LanguagePicker } from './i18n/LanguagePicker';
import { useT } from './i18n/useT';
import { setPresent, usePresent, usePresentClass } from './present/presentMode';
import { useShortcuts } from './present/useShortcuts';
import { openView, usePageSettings } from './share/pageStore';
import { VIEW_COMPONENTS } from './views';

const SharedLinkArea = lazy(() => import('./share/shareRuntime'));
const LessonEditor = lazy(() => import('./lessons/LessonEditor'));
// Only presentation mode opens it: kept out of the first page load's budget.
const HelpOverlay = lazy(() => import('./present/HelpOverlay').then((m) => ({ default: m.HelpOverlay })));

const TABS = VIEW_IDS.map((id) => ({ id, View: VIEW_COMPONENTS[id] }));

export function App() {
  const t = useT();
  const tab = usePageSettings().settings.view;
  const present = usePresent();
  const [visited, setVisited] = useState<ReadonlySet<ViewId>>(() => new Set([tab]));
  const [help, setHelp] = useState(false);
  const [writing, setWriting] = useState(false);
  const openHelp = useCallback(() => setHelp(true), []);
  const closeHelp = useCallback(() => setHelp(false), []);

  usePresentClass(present);
  useShortcuts(present, openHelp);
  // One rule for focus that would fall to nowhere, on every view (src/ui/a11y/focusKeeper.ts).
  useEffect(() => installFocusKeeper(openViewStart), []);
  const tablist = useRef<HTMLElement>(null);
  // Tabs (WAI-ARIA): one tab stop; the arrows, Home and End move to a tab and open its view.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const tabs = tablist.current ? [...tablist.current.querySelectorAll<HTMLButtonElement>('[role="tab"]')].filter(isShown) : [];
    const next = moveRovingFocus(event, tabs);
    const id = next && TABS.find((entry) => `tab-${entry.id}` === next.id)?.id;
    if (id) openView(id);
  };
  useEffect(() => {
    deviceClient.detect();
    void import('./share/shareRuntime').then((share) => share.startShare());
    void startServiceWorker();
  }, []);
  useEffect(() => setVisited((seen) => (seen.has(tab) ? seen : new Set([...seen, tab]))), [tab]);

  return (
    <div className={present ? 'app present' : 'app'}>
      <header>
        <SkipLink />
        <div className="title-row">
          <h1>{t('app.title')}</h1>
          <div className="toolbar">
            <LanguagePicker />
            <LessonsMenu onWrite={() => setWriting(true)} />
            <ShowLinkButton />
            <button data-testid="btn-present" aria-pressed={present} onClick={() => setPresent(!present)}>
              {present ? t('app.present.leave') : t('app.present.enter')}
            </button>
            {/* Its shortcuts work in presentation mode only, so it shows there (and keeps the first view short). */}
            {present && (
              <button data-testid="btn-help" aria-label={t('app.shortcuts')} onClick={openHelp}>
                ?
              </button>
            )}
          </div>
        </div>
        <p className="present-hide" data-testid="intro">
          {t('app.intro')}
        </p>
        <nav className="tabs" role="tablist" aria-label={t('app.views')} ref={tablist}>
          {TABS.map((tabEntry) => (
            <button
              key={tabEntry.id}
              role="tab"
              aria-selected={tab === tabEntry.id}
              aria-controls={viewElementId(tabEntry.id)}
              id={`tab-${tabEntry.id}`}
              tabIndex={tab === tabEntry.id ? 0 : -1}
              onKeyDown={onTabKey}
              data-testid={`tab-${tabEntry.id}`}
              className={`${tab === tabEntry.id ? 'tab active' : 'tab'}${tabEntry.id === 'history' ? ' present-hide' : ''}`}
              onClick={() => openView(tabEntry.id)}
            >
              {t(`view.${tabEntry.id}`)}
            </button>
          ))}
        </nav>
      </header>
      {writing && (
        <Suspense fallback={<p className="panel">{t('app.loadingEditor')}</p>}>
          <div className="present-hide">
            <LessonEditor onClose={() => setWriting(false)} />
          </div>
        </Suspense>
      )}
      <LessonBar />
      <DeviceQueue />
      <UpdateBanner />
      <Suspense fallback={null}>
        <SharedLinkArea />
      </Suspense>
      {/* A view's code loads when it is first shown; after that it stays mounted, so switching tabs loses no settings or running work. */}
      {TABS.map(({ id, View }) => (
        <main key={id} hidden={tab !== id} data-testid={`view-${id}`} id={viewElementId(id)} data-view={id} aria-labelledby={`tab-${id}`} tabIndex={-1}>
          {visited.has(id) && (
            <Suspense fallback={<p className="panel">{t('app.loadingView', { view: t(`view.${id}`) })}</p>}>
              <View />
            </Suspense>
          )}
        </main>
      ))}
      {help && (
        <Suspense fallback={null}>
          <HelpOverlay onClose={closeHelp} />
        </Suspense>
      )}
    </div>
  );
}
