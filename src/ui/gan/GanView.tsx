import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { GAN_SCHEMA } from '../../config/ganConfig';
import { LiveChart } from '../charts/LiveChart';
import { GAN_CHARTS } from '../charts/seriesDefs';
import { BackendPicker } from '../components/BackendPicker';
import { RunControls } from '../components/RunControls';
import { fieldErrors, SettingsForm } from '../components/SettingsForm';
import { StatsPanel } from '../components/StatsPanel';
import { useBackendChoice } from '../components/useBackendChoice';
import { formatNumber } from '../format';
import { ganSession } from '../session';
import { setFormValue, usePageSettings } from '../share/pageStore';
import { RunShareBar } from '../share/RunShareBar';
import { startTraining } from '../share/runLauncher';
import { QualityPanel } from './QualityPanel';
import { SampleGridCanvas } from './SampleGridCanvas';

const { store, client } = ganSession;
const FORM_KEYS = ['model', 'dataset', 'digit', 'batchSize', 'dLearningRate', 'gLearningRate', 'beta1', 'dStepsPerGStep', 'latentSize', 'labelSmoothing', 'steps', 'seed'];
const OPTION_LABELS = {
  model: { mlp: 'Classic MLP GAN', dcgan: 'DCGAN (convolutional)' },
  dataset: { mnist: 'MNIST digits', 'fashion-mnist': 'Fashion-MNIST' },
  digit: { all: 'all classes' },
};

const SHARED_CHARTS = [
  { testId: 'chart-gan-loss', title: 'D and G loss' },
  { testId: 'chart-gan-d', title: 'Discriminator outputs' },
  { testId: 'chart-gan-throughput', title: 'Throughput' },
  { testId: 'chart-gan-step-time', title: 'Step time' },
  { testId: 'chart-gan-memory', title: 'Memory' },
];

/** The GAN studio: train a GAN on MNIST and watch digits appear from fixed noise. */
export function GanView() {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const values = usePageSettings().settings.gan;
  const setBackend = useCallback((name: BackendName) => setFormValue('gan', 'backend', name, 'replace'), []);
  const { backend, ok: backendOk } = useBackendChoice(snapshot.backends, values.backend, setBackend);
  useEffect(() => client.send({ type: 'detect' }), []);

  const errors = useMemo(() => fieldErrors(GAN_SCHEMA, values, FORM_KEYS), [values]);
  const busy = ['loading', 'training', 'paused'].includes(snapshot.state);
  const running = snapshot.state === 'training' || snapshot.state === 'paused';
  const scalars = snapshot.latest?.scalars;

  return (
    <>
      <section className="panel setup">
        <BackendPicker backends={snapshot.backends} value={backend} disabled={busy} onChange={(name) => setFormValue('gan', 'backend', name, 'push')} />
        <SettingsForm schema={GAN_SCHEMA} keys={FORM_KEYS} values={values} disabled={busy} optionLabels={OPTION_LABELS} onChange={(key, value) => setFormValue('gan', key, value)} />
        <RunControls
          state={snapshot.state}
          canStart={backendOk && Object.keys(errors).length === 0}
          onTrain={() => startTraining('gan')}
          onPause={() => client.send({ type: 'pause' })}
          onResume={() => client.send({ type: 'resume' })}
          onStep={() => client.send({ type: 'step' })}
          onStop={() => client.send({ type: 'stop' })}
          extra={
            <>
              <button data-testid="btn-step-d" disabled={!running} onClick={() => client.send({ type: 'step', part: 'discriminator' })}>
                Train D only
              </button>
              <button data-testid="btn-step-g" disabled={!running} onClick={() => client.send({ type: 'step', part: 'generator' })}>
                Train G only
              </button>
            </>
          }
        />
        {snapshot.progress && (
          <div className="progress" data-testid="progress">
            <progress value={snapshot.progress.fraction} max={1} />
            <span>{snapshot.progress.message}</span>
          </div>
        )}
        {snapshot.error && (
          <div className="error" role="alert" data-testid="error-message">
            {snapshot.error}
          </div>
        )}
      </section>
      <section className="gan-top">
        <SampleGridCanvas store={store} />
        <QualityPanel quality={snapshot.quality} />
      </section>
      <StatsPanel
        snapshot={snapshot}
        items={[
          { id: 'd-loss', label: 'D loss (first → now)', value: scalars ? `${formatNumber(snapshot.firstLoss)} → ${formatNumber(scalars.dLoss)}` : '–' },
          { id: 'g-loss', label: 'G loss', value: formatNumber(scalars?.gLoss) },
          { id: 'd-real', label: 'D(x) on real', value: formatNumber(scalars?.dReal) },
          { id: 'd-fake', label: 'D(G(z)) on fake', value: formatNumber(scalars?.dFake) },
        ]}
      />
      <section className="charts">
        <LiveChart testId="chart-gan-loss" title="D and G loss" store={store} series={GAN_CHARTS.loss} yLabel="binary cross-entropy" />
        <LiveChart testId="chart-gan-d" title="Discriminator outputs" store={store} series={GAN_CHARTS.discriminator} yLabel="mean probability of real" />
        <LiveChart testId="chart-gan-throughput" title="Throughput" store={store} series={GAN_CHARTS.throughput} yLabel="examples/s" y2Label="GFLOP/s" />
        <LiveChart testId="chart-gan-step-time" title="Step time" store={store} series={GAN_CHARTS.stepTime} yLabel="ms" />
        <LiveChart testId="chart-gan-memory" title="Memory" store={store} series={GAN_CHARTS.memory} yLabel="MB" y2Label="tensors" />
      </section>
      <RunShareBar kind="gan" charts={SHARED_CHARTS} chartScope='[data-testid="view-gan"]' />
    </>
  );
}
