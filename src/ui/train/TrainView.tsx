import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { CNN_SCHEMA } from '../../config/runConfig';
import { CNN_CHARTS } from '../charts/seriesDefs';
import { LiveChart } from '../charts/LiveChart';
import { BackendPicker } from '../components/BackendPicker';
import { RunControls } from '../components/RunControls';
import { fieldErrors, SettingsForm } from '../components/SettingsForm';
import { StatsPanel } from '../components/StatsPanel';
import { useBackendChoice } from '../components/useBackendChoice';
import { formatNumber, formatPercent } from '../format';
import { cnnSession } from '../session';
import { setFormValue, usePageSettings } from '../share/pageStore';
import { RunShareBar } from '../share/RunShareBar';
import { startTraining } from '../share/runLauncher';

const { store: runStore, client: trainingClient } = cnnSession;

const FORM_KEYS = ['model', 'dataset', 'batchSize', 'learningRate', 'epochs', 'trainExamples', 'testExamples', 'seed'];
const OPTION_LABELS = {
  model: { tiny: 'Tiny CNN (quick)', classic: 'Classic Keras CNN', large: 'Large CNN', mlp: 'MLP (dense only, any backend)' },
  dataset: { mnist: 'MNIST digits', 'fashion-mnist': 'Fashion-MNIST' },
};

const SHARED_CHARTS = [
  { testId: 'chart-loss', title: 'Loss' },
  { testId: 'chart-accuracy', title: 'Accuracy' },
  { testId: 'chart-throughput', title: 'Throughput' },
  { testId: 'chart-step-time', title: 'Step time' },
  { testId: 'chart-memory', title: 'Memory' },
];

/** The CNN training page: settings, controls, headline numbers and live charts. */
export function TrainView() {
  const snapshot = useSyncExternalStore(runStore.subscribe, runStore.getSnapshot);
  const values = usePageSettings().settings.cnn;
  const setBackend = useCallback((name: BackendName) => setFormValue('cnn', 'backend', name, 'replace'), []);
  const { backend, ok: backendOk } = useBackendChoice(snapshot.backends, values.backend, setBackend);

  useEffect(() => trainingClient.send({ type: 'detect' }), []);

  const errors = useMemo(() => fieldErrors(CNN_SCHEMA, values, FORM_KEYS), [values]);
  const busy = ['loading', 'training', 'paused'].includes(snapshot.state);

  return (
    <>
      <section className="panel setup">
        <BackendPicker backends={snapshot.backends} value={backend} disabled={busy} onChange={(name) => setFormValue('cnn', 'backend', name, 'push')} />
        <SettingsForm
          schema={CNN_SCHEMA}
          keys={FORM_KEYS}
          values={values}
          disabled={busy}
          optionLabels={OPTION_LABELS}
          onChange={(key, value) => setFormValue('cnn', key, value)}
        />
        <RunControls
          state={snapshot.state}
          canStart={backendOk && Object.keys(errors).length === 0}
          onTrain={() => startTraining('cnn')}
          onPause={() => trainingClient.send({ type: 'pause' })}
          onResume={() => trainingClient.send({ type: 'resume' })}
          onStep={() => trainingClient.send({ type: 'step' })}
          onStop={() => trainingClient.send({ type: 'stop' })}
          onEvaluate={() => trainingClient.send({ type: 'evaluate' })}
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
        {snapshot.warnings.map((w) => (
          <div className="warning" role="status" data-testid="warning-message" key={w}>
            {w}
          </div>
        ))}
      </section>
      <StatsPanel
        snapshot={snapshot}
        items={[
          { id: 'loss', label: 'Train loss (first → now)', value: snapshot.latest ? `${formatNumber(snapshot.firstLoss)} → ${formatNumber(snapshot.latest.scalars.loss)}` : '–' },
          { id: 'test-accuracy', label: 'Test accuracy', value: snapshot.latestEval ? `${formatPercent(snapshot.latestEval.testAccuracy)} (epoch ${snapshot.latestEval.epoch})` : '–' },
        ]}
      />
      <section className="charts">
        <LiveChart testId="chart-loss" title="Loss" store={runStore} series={CNN_CHARTS.loss} yLabel="cross-entropy" />
        <LiveChart testId="chart-accuracy" title="Accuracy" store={runStore} series={CNN_CHARTS.accuracy} yLabel="accuracy" />
        <LiveChart testId="chart-throughput" title="Throughput" store={runStore} series={CNN_CHARTS.throughput} yLabel="examples/s" y2Label="GFLOP/s" />
        <LiveChart testId="chart-step-time" title="Step time" store={runStore} series={CNN_CHARTS.stepTime} yLabel="ms" />
        <LiveChart testId="chart-memory" title="Memory" store={runStore} series={CNN_CHARTS.memory} yLabel="MB" y2Label="tensors" />
      </section>
      <RunShareBar kind="cnn" charts={SHARED_CHARTS} chartScope='[data-testid="view-train"]' />
    </>
  );
}
