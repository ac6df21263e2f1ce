import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { CNN_TABLE } from '../../config/cnnConfig';
import { formErrors } from '../../config/schema';
import { formatBytes, formatNumber, formatPercent } from '../../share/format';
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
import type { RunSnapshot } from '../runStore';
import { cnnSession } from '../session';
import { openView, setFormValue, usePageSettings } from '../share/pageStore';
import { ModelPanel } from '../models/ModelPanel';
import { RunShareBar } from '../share/RunShareBar';
import { startTraining } from '../share/runLauncher';
import { CheckpointNote, SaveCheckpointButton } from './SaveCheckpoint';
import { UnfinishedRunBanner } from './UnfinishedRunBanner';

const { store: runStore } = cnnSession;
const FORM_KEYS = [
  'model',
  'dataset',
  'batchSize',
  'accumulationSteps',
  'learningRate',
  'epochs',
  'trainExamples',
  'testExamples',
  'seed',
  'dataPlacement',
  'prefetch',
  'memoryBudgetMb',
  'precision',
  'checkpointEvery',
];

const CHARTS: ChartDef[] = [
  { testId: 'chart-loss', title: 'Loss', series: CNN_CHARTS.loss, yLabel: 'cross-entropy' },
  { testId: 'chart-accuracy', title: 'Accuracy', series: CNN_CHARTS.accuracy, yLabel: 'accuracy' },
  { testId: 'chart-throughput', title: 'Throughput', series: CNN_CHARTS.throughput, yLabel: 'examples/s', y2Label: 'GFLOP/s' },
  { testId: 'chart-step-time', title: 'Step time', series: CNN_CHARTS.stepTime, yLabel: 'ms' },
  { testId: 'chart-memory', title: 'Memory', series: CNN_CHARTS.memory, yLabel: 'MB', y2Label: 'tensors' },
];

function effectiveBatchText(batchSize: number, accumulationSteps: number): string {
  return accumulationSteps > 1 ? `${batchSize * accumulationSteps} (${batchSize} × ${accumulationSteps})` : String(batchSize);
}

/** From the flags in force when the run started, not from the form: what the backend actually did. */
function precisionText(flags: Record<string, unknown>): string {
  return flags.WEBGL_FORCE_F16_TEXTURES === true ? '16-bit floats (WEBGL_FORCE_F16_TEXTURES)' : '32-bit floats';
}

function memoryText(snapshot: RunSnapshot): string {
  const predicted = snapshot.memoryPlan ? formatBytes(snapshot.memoryPlan.plan.total) : '–';
  const budget = snapshot.memoryPlan && snapshot.memoryPlan.budgetMb > 0 ? ` (budget ${snapshot.memoryPlan.budgetMb} MB)` : '';
  return `${predicted} / ${snapshot.stepPeak ? formatBytes(snapshot.stepPeak.peakBytes) : '–'}${budget}`;
}

/** After a lost GPU: continue from the run's last checkpoint on a new context or device. */
function ResumeFromCheckpoint({ snapshot }: { snapshot: RunSnapshot }) {
  const from = snapshot.deviceLost?.resumeFrom;
  if (!from || snapshot.phase !== 'ended') return null;
  return (
    <button type="button" data-testid="btn-resume-checkpoint" onClick={() => cnnSession.resumeFrom(from)}>
      Resume from step {from.step}
    </button>
  );
}

/** What gradient accumulation is for, with this form's numbers. */
function AccumulationNote({ batchSize, accumulationSteps }: { batchSize: number; accumulationSteps: number }) {
  if (!(accumulationSteps > 1)) return null;
  return (
    <p className="note" data-testid="accumulation-note">
      Gradients of {accumulationSteps} micro-batches of {batchSize} are summed on the device and applied once: each optimizer step sees{' '}
      {batchSize * accumulationSteps} examples while memory holds one micro-batch of {batchSize}. This is how a big effective batch fits a small GPU;
      the charts count optimizer steps.
    </p>
  );
}

/** The CNN training page: settings, controls, headline numbers and live charts. */
export function TrainView() {
  const snapshot = useSyncExternalStore(runStore.subscribe, runStore.getSnapshot);
  const values = usePageSettings().settings.cnn;
  const setBackend = useCallback((name: BackendName) => setFormValue('cnn', 'backend', name, 'replace'), []);
  const { backend, ok: backendOk } = useBackendChoice(snapshot.backends, values.backend, setBackend);

  const errors = useMemo(() => formErrors(CNN_TABLE, values, FORM_KEYS), [values]);
  const busy = snapshot.phase === 'queued' || snapshot.phase === 'active';
  const running = snapshot.phase === 'active' && (snapshot.state === 'training' || snapshot.state === 'paused');
  const show = usePanels('train');
  useEffect(() => registerViewActions('train', trainingActions('cnn')), []);

  return (
    <>
      <section className="panel setup" hidden={!show('setup')}>
        <UnfinishedRunBanner busyTraining={busy} />
        <BackendPicker backends={snapshot.backends} value={backend} disabled={busy} onChange={(name) => setFormValue('cnn', 'backend', name, 'push')} />
        <SettingsForm table={CNN_TABLE} keys={FORM_KEYS} values={values} disabled={busy} onChange={(key, value) => setFormValue('cnn', key, value)} />
        <AccumulationNote batchSize={Number(values.batchSize)} accumulationSteps={Number(values.accumulationSteps)} />
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
          extra={<SaveCheckpointButton running={running} onSave={cnnSession.saveCheckpoint} />}
        />
        <RunStatus snapshot={snapshot} />
        <CheckpointNote />
        {snapshot.latest && (
          <p className="look-inside-line">
            <button className="link-button" data-testid="btn-look-inside" onClick={() => openView('inspect')}>
              Look inside this model
            </button>{' '}
            its summary, confusion matrix (filled in at each epoch end), first-layer filters, and a digit you draw.
          </p>
        )}
        <ResumeFromCheckpoint snapshot={snapshot} />
      </section>
      <StatsPanel
        hidden={!show('stats')}
        snapshot={snapshot}
        items={[
          { id: 'loss', label: 'Train loss (first → now)', value: snapshot.latest ? `${formatNumber(snapshot.firstLoss)} → ${formatNumber(snapshot.latest.scalars.loss)}` : '–' },
          { id: 'effective-batch', label: 'Examples per optimizer step', value: snapshot.info ? effectiveBatchText(Number(values.batchSize), Number(values.accumulationSteps)) : '–' },
          { id: 'memory-predicted', label: 'Memory predicted / step peak', value: memoryText(snapshot) },
          { id: 'precision', label: 'Tensors stored in', value: snapshot.info ? precisionText(snapshot.info.flags) : '–' },
          { id: 'data-wait', label: 'Waiting for data per step', value: snapshot.latest?.dataWaitMs === undefined ? '–' : `${formatNumber(snapshot.latest.dataWaitMs)} ms` },
          { id: 'test-accuracy', label: 'Test accuracy', value: snapshot.latestEval ? `${formatPercent(snapshot.latestEval.testAccuracy)} (epoch ${snapshot.latestEval.epoch})` : '–' },
        ]}
      />
      <ChartGrid store={runStore} charts={CHARTS.filter((c) => show(c.testId))} />
      <RunShareBar kind="cnn" charts={CHARTS} chartScope='[data-testid="view-train"]' hidden={!show('share')} />
      <ModelPanel backend={backendOk ? backend : null} busyTraining={busy} />
    </>
  );
}
