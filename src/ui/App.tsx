import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { VIEW_IDS, type ViewId } from '../config/views';
import './a11y/focus.css';
import { SKIP_TARGET_ID, SkipLink } from './a11y/SkipLink';
import { DeviceQueue } from './components/DeviceQueue';
import { deviceClient } from './device';
import { LessonBar } from './lessons/LessonBar';
import { LessonsMenu } from './lessons/LessonsMenu';
import { HelpOverlay } from './present/HelpOverlay';
import { ShowLinkButton } from './present/ShowLinkButton';
import { LanguagePicker } from './i18n/LanguagePicker';
import { useT } from './i18n/useT';
import { setPresent, usePresent, usePresentClass } from './present/presentMode';
import { useShortcuts } from './present/useShortcuts';
import { openView, usePageSettings } from './share/pageStore';
import { VIEW_COMPONENTS } from './views';

const SharedLinkArea = lazy(() => import('./share/shareRuntime'));
const LessonEditor = lazy(() => import('./lessons/LessonEditor'));

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
  useEffect(() => {
    deviceClient.detect();
    void import('./share/shareRuntime').then((share) => share.startShare());
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
            <button data-testid="btn-help" aria-label={t('app.shortcuts')} onClick={openHelp}>
              ?
            </button>
          </div>
        </div>
        <p className="present-hide" data-testid="intro">
          {t('app.intro')}
        </p>
        <nav className="tabs" role="tablist" aria-label={t('app.views')}>
          {TABS.map((tabEntry) => (
            <button
              key={tabEntry.id}
              role="tab"
              aria-selected={tab === tabEntry.id}
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
      <Suspense fallback={null}>
        <SharedLinkArea />
      </Suspense>
      {/* A view's code loads when it is first shown; after that it stays mounted, so switching tabs loses no settings or running work. */}
      {TABS.map(({ id, View }) => (
        <main key={id} hidden={tab !== id} data-testid={`view-${id}`} id={tab === id ? SKIP_TARGET_ID : undefined} tabIndex={-1}>
          {visited.has(id) && (
            <Suspense fallback={<p className="panel">{t('app.loadingView', { view: t(`view.${id}`) })}</p>}>
              <View />
            </Suspense>
          )}
        </main>
      ))}
      {help && <HelpOverlay onClose={closeHelp} />}
    </div>
  );
}
