import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { CNN_TABLE } from '../../config/cnnConfig';
import { isHeadlineStat, MORE_CHARTS, moreFiguresOpened } from '../../config/firstView';
import { formErrors } from '../../config/schema';
import { formatBytes, formatNumber, formatPercent } from '../../share/format';
import { ChartGrid, type ChartDef } from '../charts/ChartGrid';
import { CNN_CHARTS } from '../charts/seriesDefs';
import { BackendPicker } from '../components/BackendPicker';
import { RunControls } from '../components/RunControls';
import { RunStatus } from '../components/RunStatus';
import { MoreFigures } from '../components/MoreFigures';
import { ResumeFromCheckpoint } from '../components/ResumeFromCheckpoint';
import { SettingGroups } from '../components/SettingGroups';
import { SettingsForm } from '../components/SettingsForm';
import { StatsPanel, useStatItems } from '../components/StatsPanel';
import { useBackendChoice } from '../components/useBackendChoice';
import { usePanels, useShownPanels } from '../lessons/lessonStore';
import { formLayout } from '../../config/firstView';
import { registerViewActions } from '../present/shortcuts';
import { trainingActions } from '../present/trainingActions';
import type { RunSnapshot } from '../runStore';
import { cnnSession } from '../session';
import { openView, setFormValue, usePageSettings } from '../share/pageStore';
import { ModelPanel } from '../models/ModelPanel';
import { useT, type T } from '../i18n/useT';
import type { MessageId } from '../../i18n/translator';
import { PresetPicker } from './PresetPicker';
import { RunShareBar } from '../share/RunShareBar';
import { startTraining } from '../share/runLauncher';
import { CheckpointNote, SaveCheckpointButton } from './SaveCheckpoint';
import { UnfinishedRunBanner } from './UnfinishedRunBanner';
import { OwnDataPanel } from '../ownData/OwnDataPanel';
import { OwnDatasetNote } from '../ownData/OwnDatasetNote';
import { ownDataSession } from '../ownData/ownDataSession';
import { useOwnDatasetChoice } from '../ownData/useOwnDatasets';
import { examplesNotes } from '../ownData/examplesNotes';

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
  'gpuEngine',
];
/** The settings a first run needs, shown first; the rest in their table fields' groups. */
const FIRST_KEYS = formLayout(CNN_TABLE, FORM_KEYS).first;
const isMoreChart = (chart: ChartDef) => (MORE_CHARTS.train as readonly string[]).includes(chart.testId);

/** The charts, with their titles and axis names as message ids (shown in the page's language). */
const CHART_DEFS: (Omit<ChartDef, 'title' | 'yLabel' | 'y2Label'> & { title: MessageId; yLabel: MessageId; y2Label?: string })[] = [
  { testId: 'chart-loss', title: 'chart.loss', series: CNN_CHARTS.loss, yLabel: 'chart.axis.crossEntropy' },
  { testId: 'chart-accuracy', title: 'chart.accuracy', series: CNN_CHARTS.accuracy, yLabel: 'chart.axis.accuracy' },
  { testId: 'chart-throughput', title: 'chart.throughput', series: CNN_CHARTS.throughput, yLabel: 'chart.axis.examplesPerSec', y2Label: 'GFLOP/s' },
  { testId: 'chart-step-time', title: 'chart.stepTime', series: CNN_CHARTS.stepTime, yLabel: 'unit.ms' },
  { testId: 'chart-memory', title: 'chart.memory', series: CNN_CHARTS.memory, yLabel: 'unit.mb', y2Label: 'chart.axis.tensors' },
];

function chartsIn(t: T): ChartDef[] {
  return CHART_DEFS.map((c) => ({ ...c, title: t(c.title), yLabel: t(c.yLabel), y2Label: c.y2Label && c.y2Label.startsWith('chart.') ? t(c.y2Label as MessageId) : c.y2Label }));
}

function effectiveBatchText(batchSize: number, accumulationSteps: number): string {
  // Numbers and symbols only: the same in every language.
  return accumulationSteps > 1 ? `${batchSize * accumulationSteps} (${batchSize} × ${accumulationSteps})` : String(batchSize);
}

/** From the flags in force when the run started, not from the form: what the backend actually did. */
function precisionText(flags: Record<string, unknown>, t: T): string {
  return flags.WEBGL_FORCE_F16_TEXTURES === true ? t('train.precision16') : t('train.precision32');
}

function memoryText(snapshot: RunSnapshot, t: T): string {
  const predicted = snapshot.memoryPlan ? formatBytes(snapshot.memoryPlan.plan.total) : '–';
  const budget = snapshot.memoryPlan && snapshot.memoryPlan.budgetMb > 0 ? ` ${t('train.budget', { mb: snapshot.memoryPlan.budgetMb })}` : '';
  return `${predicted} / ${snapshot.stepPeak ? formatBytes(snapshot.stepPeak.peakBytes) : '–'}${budget}`;
}

/** What gradient accumulation is for, with this form's numbers. */
function AccumulationNote({ batchSize, accumulationSteps }: { batchSize: number; accumulationSteps: number }) {
  const t = useT();
  if (!(accumulationSteps > 1)) return null;
  return (
    <p className="note" data-testid="accumulation-note">
      {t('train.accumulation', { k: accumulationSteps, batch: batchSize, effective: batchSize * accumulationSteps })}
    </p>
  );
}

/** The CNN training page: settings, controls, headline numbers and live charts. */
export function TrainView() {
  const snapshot = useSyncExternalStore(runStore.subscribe, runStore.getSnapshot);
  const values = usePageSettings().settings.cnn;
  const { backend, ok: backendOk, choose: chooseBackend } = useBackendChoice('cnn', snapshot.backends);

  const errors = useMemo(() => formErrors(CNN_TABLE, values, FORM_KEYS), [values]);
  const busy = snapshot.phase === 'queued' || snapshot.phase === 'active';
  const running = snapshot.phase === 'active' && (snapshot.state === 'training' || snapshot.state === 'paused');
  const show = usePanels('train');
  const shown = useShownPanels('train');
  const t = useT();
  const charts = useMemo(() => chartsIn(t), [t]);
  useEffect(() => registerViewActions('train', trainingActions('cnn')), []);
  useEffect(() => ownDataSession.ensureListed(), []);
  const own = useOwnDatasetChoice(values.dataset);
  const stats = useStatItems(snapshot, [
    { id: 'loss', label: t('train.loss'), value: snapshot.latest ? `${formatNumber(snapshot.firstLoss)} → ${formatNumber(snapshot.latest.scalars.loss)}` : '–' },
    { id: 'effective-batch', label: t('train.effectiveBatch'), value: snapshot.info ? effectiveBatchText(Number(values.batchSize), Number(values.accumulationSteps)) : '–' },
    { id: 'memory-predicted', label: t('train.memoryPredicted'), value: memoryText(snapshot, t) },
    { id: 'precision', label: t('train.precision'), value: snapshot.info ? precisionText(snapshot.info.flags, t) : '–' },
    { id: 'data-wait', label: t('train.dataWait'), value: snapshot.latest?.dataWaitMs === undefined ? '–' : t('stats.ms', { value: formatNumber(snapshot.latest.dataWaitMs) }) },
    {
      id: 'test-accuracy',
      label: t('train.testAccuracy'),
      value: snapshot.latestEval ? t('train.testAccuracyValue', { accuracy: formatPercent(snapshot.latestEval.testAccuracy), epoch: snapshot.latestEval.epoch }) : '–',
    },
  ]);
  const onChange = (key: string, value: string) => setFormValue('cnn', key, value);

  return (
    <>
      <section className="panel setup" data-testid="setup" hidden={!show('setup')}>
        <UnfinishedRunBanner kind="cnn" busyTraining={busy} />
        <BackendPicker backends={snapshot.backends} value={backend} disabled={busy} onChange={chooseBackend} />
        <PresetPicker values={values} disabled={busy} own={own.chosen} />
        <SettingsForm table={CNN_TABLE} keys={FIRST_KEYS} values={values} disabled={busy} onChange={onChange} moreOptions={{ dataset: own.options }} />
        <OwnDatasetNote choice={own} />
        <RunControls
          phase={snapshot.phase}
          state={snapshot.state}
          canStart={backendOk && Object.keys(errors).length === 0 && own.missing === null}
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
        <CheckpointNote kind="cnn" />
        {snapshot.latest && (
          <p className="look-inside-line">
            <button className="link-button" data-testid="btn-look-inside" onClick={() => openView('inspect')}>
              {t('train.lookInside')}
            </button>{' '}
            {t('train.lookInsideMore')}
          </p>
        )}
        <ResumeFromCheckpoint snapshot={snapshot} session={cnnSession} />
        <SettingGroups table={CNN_TABLE} keys={FORM_KEYS} values={values} disabled={busy} onChange={onChange} notes={examplesNotes(values, own.chosen)} />
        <OwnDataPanel chosen={values.dataset ?? ''} busyTraining={busy} />
        <AccumulationNote batchSize={Number(values.batchSize)} accumulationSteps={Number(values.accumulationSteps)} />
      </section>
      <StatsPanel hidden={!show('stats')} items={stats.filter((item) => isHeadlineStat('train', item.id))} />
      <ChartGrid store={runStore} charts={charts.filter((c) => show(c.testId) && !isMoreChart(c))} />
      <MoreFigures
        store={runStore}
        stats={show('stats') ? stats.filter((item) => !isHeadlineStat('train', item.id)) : []}
        charts={charts.filter((c) => show(c.testId) && isMoreChart(c))}
        opened={moreFiguresOpened('train', shown)}
      />
      <RunShareBar kind="cnn" charts={charts} chartScope='[data-testid="view-train"]' hidden={!show('share')} />
      <ModelPanel backend={backendOk ? backend : null} busyTraining={busy} />
    </>
  );
}
