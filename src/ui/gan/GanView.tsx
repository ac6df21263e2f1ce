import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { GAN_TABLE } from '../../config/ganConfig';
import { formErrors } from '../../config/schema';
import { ChartGrid, type ChartDef } from '../charts/ChartGrid';
import { GAN_CHARTS } from '../charts/seriesDefs';
import { BackendPicker } from '../components/BackendPicker';
import { RunControls } from '../components/RunControls';
import { RunStatus } from '../components/RunStatus';
import { SettingsForm } from '../components/SettingsForm';
import { StatsPanel } from '../components/StatsPanel';
import { useBackendChoice } from '../components/useBackendChoice';
import { usePanels } from '../lessons/lessonStore';
import { registerViewActions } from '../present/shortcuts';
import { trainingActions } from '../present/trainingActions';
import { formatNumber } from '../../share/format';
import { ganSession } from '../session';
import { setFormValue, usePageSettings } from '../share/pageStore';
import { GanExportPanel } from '../models/GanExportPanel';
import { RunShareBar } from '../share/RunShareBar';
import { startTraining } from '../share/runLauncher';
import { QualityPanel } from './QualityPanel';
import { SampleGridCanvas } from './SampleGridCanvas';

const { store } = ganSession;
const FORM_KEYS = ['model', 'dataset', 'digit', 'batchSize', 'dLearningRate', 'gLearningRate', 'beta1', 'dStepsPerGStep', 'latentSize', 'labelSmoothing', 'steps', 'seed'];

const CHARTS: ChartDef[] = [
  { testId: 'chart-gan-loss', title: 'D and G loss', series: GAN_CHARTS.loss, yLabel: 'binary cross-entropy' },
  { testId: 'chart-gan-d', title: 'Discriminator outputs', series: GAN_CHARTS.discriminator, yLabel: 'mean probability of real' },
  { testId: 'chart-gan-throughput', title: 'Throughput', series: GAN_CHARTS.throughput, yLabel: 'examples/s', y2Label: 'GFLOP/s' },
  { testId: 'chart-gan-step-time', title: 'Step time', series: GAN_CHARTS.stepTime, yLabel: 'ms' },
  { testId: 'chart-gan-memory', title: 'Memory', series: GAN_CHARTS.memory, yLabel: 'MB', y2Label: 'tensors' },
];

/** The GAN studio: train a GAN on MNIST and watch digits appear from fixed noise. */
export function GanView() {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const values = usePageSettings().settings.gan;
  const setBackend = useCallback((name: BackendName) => setFormValue('gan', 'backend', name, 'replace'), []);
  const { backend, ok: backendOk } = useBackendChoice(snapshot.backends, values.backend, setBackend);
  const errors = useMemo(() => formErrors(GAN_TABLE, values, FORM_KEYS), [values]);
  const busy = snapshot.phase === 'queued' || snapshot.phase === 'active';
  const running = snapshot.phase === 'active' && (snapshot.state === 'training' || snapshot.state === 'paused');
  const scalars = snapshot.latest?.scalars;
  const show = usePanels('gan');
  useEffect(() => registerViewActions('gan', trainingActions('gan')), []);

  return (
    <>
      <section className="panel setup" hidden={!show('setup')}>
        <BackendPicker backends={snapshot.backends} value={backend} disabled={busy} onChange={(name) => setFormValue('gan', 'backend', name, 'push')} />
        <SettingsForm table={GAN_TABLE} keys={FORM_KEYS} values={values} disabled={busy} onChange={(key, value) => setFormValue('gan', key, value)} />
        <RunControls
          phase={snapshot.phase}
          state={snapshot.state}
          canStart={backendOk && Object.keys(errors).length === 0}
          job={ganSession.job}
          onTrain={() => startTraining('gan')}
          onPause={ganSession.pause}
          onResume={ganSession.resume}
          onStep={() => ganSession.step()}
          onStop={ganSession.stop}
          extra={
            <>
              <button data-testid="btn-step-d" disabled={!running} onClick={() => ganSession.step('discriminator')}>
                Train D only
              </button>
              <button data-testid="btn-step-g" disabled={!running} onClick={() => ganSession.step('generator')}>
                Train G only
              </button>
            </>
          }
        />
        <RunStatus snapshot={snapshot} />
      </section>
      <section className="gan-top" hidden={!show('samples')}>
        <SampleGridCanvas store={store} />
        <QualityPanel quality={snapshot.quality} />
      </section>
      <StatsPanel
        hidden={!show('stats')}
        snapshot={snapshot}
        items={[
          { id: 'd-loss', label: 'D loss (first → now)', value: scalars ? `${formatNumber(snapshot.firstLoss)} → ${formatNumber(scalars.dLoss)}` : '–' },
          { id: 'g-loss', label: 'G loss', value: formatNumber(scalars?.gLoss) },
          { id: 'd-real', label: 'D(x) on real', value: formatNumber(scalars?.dReal) },
          { id: 'd-fake', label: 'D(G(z)) on fake', value: formatNumber(scalars?.dFake) },
        ]}
      />
      <ChartGrid store={store} charts={CHARTS.filter((c) => show(c.testId))} />
      <RunShareBar kind="gan" charts={CHARTS} chartScope='[data-testid="view-gan"]' hidden={!show('share')} />
      <GanExportPanel busyTraining={busy} />
    </>
  );
}
