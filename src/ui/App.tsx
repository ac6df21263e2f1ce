import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { VIEW_IDS, VIEWS, type ViewId } from '../config/views';
import './a11y/focus.css';
import { SKIP_TARGET_ID, SkipLink } from './a11y/SkipLink';
import { DeviceQueue } from './components/DeviceQueue';
import { deviceClient } from './device';
import { LessonBar } from './lessons/LessonBar';
import { LessonsMenu } from './lessons/LessonsMenu';
import { HelpOverlay } from './present/HelpOverlay';
import { setPresent, usePresent, usePresentClass } from './present/presentMode';
import { useShortcuts } from './present/useShortcuts';
import { openView, usePageSettings } from './share/pageStore';
import { VIEW_COMPONENTS } from './views';

const SharedLinkArea = lazy(() => import('./share/shareRuntime'));
const LessonEditor = lazy(() => import('./lessons/LessonEditor'));

const TABS = VIEW_IDS.map((id) => ({ id, label: VIEWS[id].label, View: VIEW_COMPONENTS[id] }));

export function App() {
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
          <h1>GPU Playground</h1>
          <div className="toolbar">
            <LessonsMenu onWrite={() => setWriting(true)} />
            <button data-testid="btn-present" aria-pressed={present} onClick={() => setPresent(!present)}>
              {present ? 'Leave presentation mode' : 'Presentation mode'}
            </button>
            <button data-testid="btn-help" aria-label="Keyboard shortcuts" onClick={openHelp}>
              ?
            </button>
          </div>
        </div>
        <p className="present-hide" data-testid="intro">
          Train small models on real MNIST in your browser and see what CPU, WebGL and WebGPU do for you.
        </p>
        <nav className="tabs" role="tablist" aria-label="Views">
          {TABS.map((t) => (
            <button
              key={t.id}
              role="tab"
              aria-selected={tab === t.id}
              data-testid={`tab-${t.id}`}
              className={`${tab === t.id ? 'tab active' : 'tab'}${t.id === 'history' ? ' present-hide' : ''}`}
              onClick={() => openView(t.id)}
            >
              {t.label}
            </button>
          ))}
        </nav>
      </header>
      {writing && (
        <Suspense fallback={<p className="panel">Loading the lesson editor…</p>}>
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
            <Suspense fallback={<p className="panel">Loading {VIEWS[id].label}…</p>}>
              <View />
            </Suspense>
          )}
        </main>
      ))}
      {help && <HelpOverlay onClose={closeHelp} />}
    </div>
  );
}
