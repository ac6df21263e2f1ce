import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { CNN_TABLE } from '../../config/cnnConfig';
import { formErrors } from '../../config/schema';
import { formatNumber, formatPercent } from '../../share/format';
import { ChartGrid, type ChartDef } from '../charts/ChartGrid';
import { CNN_CHARTS } from '../charts/seriesDefs';
import { BackendPicker } from '../components/BackendPicker';
import { RunControls } from '../components/RunControls';
import { RunStatus } from '../components/RunStatus';
import { SettingsForm } from '../components/SettingsForm';
import { StatsPanel } from '../components/StatsPanel';
import { useBackendChoice } from '../components/useBackendChoice';
import { usePanels } from '../lessons/lessonStore';
import { registerViewActions } from '../present/shortcuts';
import { trainingActions } from '../present/trainingActions';
import { cnnSession } from '../session';
import { openView, setFormValue, usePageSettings } from '../share/pageStore';
import { ModelPanel } from '../models/ModelPanel';
import { RunShareBar } from '../share/RunShareBar';
import { startTraining } from '../share/runLauncher';

const { store: runStore } = cnnSession;
const FORM_KEYS = ['model', 'dataset', 'batchSize', 'learningRate', 'epochs', 'trainExamples', 'testExamples', 'seed'];

const CHARTS: ChartDef[] = [
  { testId: 'chart-loss', title: 'Loss', series: CNN_CHARTS.loss, yLabel: 'cross-entropy' },
  { testId: 'chart-accuracy', title: 'Accuracy', series: CNN_CHARTS.accuracy, yLabel: 'accuracy' },
  { testId: 'chart-throughput', title: 'Throughput', series: CNN_CHARTS.throughput, yLabel: 'examples/s', y2Label: 'GFLOP/s' },
  { testId: 'chart-step-time', title: 'Step time', series: CNN_CHARTS.stepTime, yLabel: 'ms' },
  { testId: 'chart-memory', title: 'Memory', series: CNN_CHARTS.memory, yLabel: 'MB', y2Label: 'tensors' },
];

/** The CNN training page: settings, controls, headline numbers and live charts. */
export function TrainView() {
  const snapshot = useSyncExternalStore(runStore.subscribe, runStore.getSnapshot);
  const values = usePageSettings().settings.cnn;
  const setBackend = useCallback((name: BackendName) => setFormValue('cnn', 'backend', name, 'replace'), []);
  const { backend, ok: backendOk } = useBackendChoice(snapshot.backends, values.backend, setBackend);

  const errors = useMemo(() => formErrors(CNN_TABLE, values, FORM_KEYS), [values]);
  const busy = snapshot.phase === 'queued' || snapshot.phase === 'active';
  const show = usePanels('train');
  useEffect(() => registerViewActions('train', trainingActions('cnn')), []);

  return (
    <>
      <section className="panel setup" hidden={!show('setup')}>
        <BackendPicker backends={snapshot.backends} value={backend} disabled={busy} onChange={(name) => setFormValue('cnn', 'backend', name, 'push')} />
        <SettingsForm table={CNN_TABLE} keys={FORM_KEYS} values={values} disabled={busy} onChange={(key, value) => setFormValue('cnn', key, value)} />
        <RunControls
          phase={snapshot.phase}
          state={snapshot.state}
          canStart={backendOk && Object.keys(errors).length === 0}
          job={cnnSession.job}
          onTrain={() => startTraining('cnn')}
          onPause={cnnSession.pause}
          onResume={cnnSession.resume}
          onStep={() => cnnSession.step()}
          onStop={cnnSession.stop}
          onEvaluate={cnnSession.evaluate}
        />
        <RunStatus snapshot={snapshot} />
        {snapshot.latest && (
          <p className="look-inside-line">
            <button className="link-button" data-testid="btn-look-inside" onClick={() => openView('inspect')}>
              Look inside this model
            </button>{' '}
            its summary, confusion matrix (filled in at each epoch end), first-layer filters, and a digit you draw.
          </p>
        )}
      </section>
      <StatsPanel
        hidden={!show('stats')}
        snapshot={snapshot}
        items={[
          { id: 'loss', label: 'Train loss (first → now)', value: snapshot.latest ? `${formatNumber(snapshot.firstLoss)} → ${formatNumber(snapshot.latest.scalars.loss)}` : '–' },
          { id: 'test-accuracy', label: 'Test accuracy', value: snapshot.latestEval ? `${formatPercent(snapshot.latestEval.testAccuracy)} (epoch ${snapshot.latestEval.epoch})` : '–' },
        ]}
      />
      <ChartGrid store={runStore} charts={CHARTS.filter((c) => show(c.testId))} />
      <RunShareBar kind="cnn" charts={CHARTS} chartScope='[data-testid="view-train"]' hidden={!show('share')} />
      <ModelPanel backend={backendOk ? backend : null} busyTraining={busy} />
    </>
  );
}
