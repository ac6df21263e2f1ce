import { useEffect } from 'react';
import { VIEWS, type ViewId } from '../config/views';
import { DeviceQueue } from './components/DeviceQueue';
import { deviceClient } from './device';
import { GanView } from './gan/GanView';
import { LabView } from './lab/LabView';
import { HistoryPanel } from './share/HistoryPanel';
import { LinkProblems } from './share/LinkProblems';
import { settingsStore, usePageSettings } from './share/pageStore';
import { runRecorder } from './share/runRecorder';
import { SharedResultPanel } from './share/SharedResultPanel';
import { sharedLink } from './share/sharedLink';
import './share/share.css';
import { TrainView } from './train/TrainView';

/** Each view's component; the compiler refuses a view of config/views.ts without one. */
const VIEW_COMPONENTS: Record<ViewId, () => React.JSX.Element> = { train: TrainView, gan: GanView, lab: LabView, history: HistoryPanel };
const TABS = (Object.keys(VIEW_COMPONENTS) as ViewId[]).map((id) => ({ id, label: VIEWS[id].label, view: VIEW_COMPONENTS[id] }));

export function App() {
  const tab = usePageSettings().settings.view;
  useEffect(() => {
    runRecorder.start();
    sharedLink.start();
    deviceClient.detect();
  }, []);
  return (
    <div className="app">
      <header>
        <h1>GPU Playground</h1>
        <p>Train small models on real MNIST in your browser and see what CPU, WebGL and WebGPU do for you.</p>
        <nav className="tabs" role="tablist">
          {TABS.map((t) => (
            <button
              key={t.id}
              role="tab"
              aria-selected={tab === t.id}
              data-testid={`tab-${t.id}`}
              className={tab === t.id ? 'tab active' : 'tab'}
              onClick={() => settingsStore.update((s) => (s.view === t.id ? s : { ...s, view: t.id }), 'push')}
            >
              {t.label}
            </button>
          ))}
        </nav>
      </header>
      <DeviceQueue />
      <LinkProblems />
      <SharedResultPanel />
      {/* Every view stays mounted, so switching tabs loses no settings or running work. */}
      {TABS.map(({ id, view: View }) => (
        <main key={id} hidden={tab !== id} data-testid={`view-${id}`}>
          <View />
        </main>
      ))}
    </div>
  );
}
