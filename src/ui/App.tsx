import { useState } from 'react';
import { LabView } from './lab/LabView';
import { GanView } from './gan/GanView';
import { TrainView } from './train/TrainView';

const TABS = [
  { id: 'train', label: 'Train a CNN', view: TrainView },
  { id: 'gan', label: 'GAN studio', view: GanView },
  { id: 'lab', label: 'Benchmark lab', view: LabView },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function App() {
  const [tab, setTab] = useState<TabId>('train');
  return (
    <div className="app">
      <header>
        <h1>GPU Playground</h1>
        <p>Train small models on real MNIST in your browser and see what CPU, WebGL and WebGPU do for you.</p>
        <nav className="tabs" role="tablist">
          {TABS.map((t) => (
            <button key={t.id} role="tab" aria-selected={tab === t.id} data-testid={`tab-${t.id}`} className={tab === t.id ? 'tab active' : 'tab'} onClick={() => setTab(t.id)}>
              {t.label}
            </button>
          ))}
        </nav>
      </header>
      {/* Every view stays mounted, so switching tabs loses no settings or running work. */}
      {TABS.map(({ id, view: View }) => (
        <main key={id} hidden={tab !== id} data-testid={`view-${id}`}>
          <View />
        </main>
      ))}
    </div>
  );
}
