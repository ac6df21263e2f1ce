import { useEffect } from 'react';
import { LabView } from './lab/LabView';
import { GanView } from './gan/GanView';
import { TrainView } from './train/TrainView';
import { HistoryPanel } from './share/HistoryPanel';
import { LinkProblems } from './share/LinkProblems';
import type { ViewId } from './share/pageSettings';
import { settingsStore, usePageSettings } from './share/pageStore';
import { runRecorder } from './share/runRecorder';
import { SharedResultPanel } from './share/SharedResultPanel';
import { sharedLink } from './share/sharedLink';
import './share/share.css';

const TABS: readonly { id: ViewId; label: string; view: () => React.JSX.Element }[] = [
  { id: 'train', label: 'Train a CNN', view: TrainView },
  { id: 'gan', label: 'GAN studio', view: GanView },
  { id: 'lab', label: 'Benchmark lab', view: LabView },
  { id: 'history', label: 'History', view: HistoryPanel },
];

export function App() {
  const tab = usePageSettings().settings.view;
  useEffect(() => {
    runRecorder.start();
    sharedLink.start();
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
