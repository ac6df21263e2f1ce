import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { GAN_TABLE } from '../../config/ganConfig';
import { formLayout, isHeadlineStat, MORE_CHARTS, moreFiguresOpened } from '../../config/firstView';
import { formErrors } from '../../config/schema';
import { ChartGrid, type ChartDef } from '../charts/ChartGrid';
import { GAN_CHARTS } from '../charts/seriesDefs';
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
import { registerViewActions } from '../present/shortcuts';
import { trainingActions } from '../present/trainingActions';
import { formatNumber } from '../../share/format';
import { ganSession } from '../session';
import { setFormValue, usePageSettings } from '../share/pageStore';
import { GanExportPanel } from '../models/GanExportPanel';
import { RunShareBar } from '../share/RunShareBar';
import { startTraining } from '../share/runLauncher';
import { useT, type T } from '../i18n/useT';
import { msg } from '../../i18n/message';
import { Say } from '../i18n/Say';
import { OwnDatasetNote } from '../ownData/OwnDatasetNote';
import { useListedOwnDatasetChoice } from '../ownData/useOwnDatasets';
import { CheckpointNote, SaveCheckpointButton } from '../train/SaveCheckpoint';
import { UnfinishedRunBanner } from '../train/UnfinishedRunBanner';
import { ganDigitChoice } from './ganDigitChoice';
import { QualityPanel } from './QualityPanel';
import { SampleGridCanvas } from './SampleGridCanvas';

const { store } = ganSession;
const FORM_KEYS = ['model', 'dataset', 'digit', 'batchSize', 'dLearningRate', 'gLearningRate', 'beta1', 'dStepsPerGStep', 'latentSize', 'labelSmoothing', 'steps', 'seed', 'checkpointEvery', 'gpuEngine'];
/** The settings a first run needs, shown first; the rest in their table fields' groups. */
const FIRST_KEYS = formLayout(GAN_TABLE, FORM_KEYS).first;
const isMoreChart = (chart: ChartDef) => (MORE_CHARTS.gan as readonly string[]).includes(chart.testId);

/** The GAN studio's charts, named in the page's language (the names also title their PNG export). */
function chartsOf(t: T): ChartDef[] {
  return [
    { testId: 'chart-gan-loss', title: t('gan.chart.loss'), series: GAN_CHARTS.loss, yLabel: t('gan.chart.lossAxis') },
    { testId: 'chart-gan-d', title: t('gan.chart.discriminator'), series: GAN_CHARTS.discriminator, yLabel: t('gan.chart.discriminatorAxis') },
    { testId: 'chart-gan-throughput', title: t('chart.throughput'), series: GAN_CHARTS.throughput, yLabel: t('chart.axis.examplesPerSec'), y2Label: 'GFLOP/s' },
    { testId: 'chart-gan-step-time', title: t('chart.stepTime'), series: GAN_CHARTS.stepTime, yLabel: t('gan.chart.msAxis') },
    { testId: 'chart-gan-memory', title: t('chart.memory'), series: GAN_CHARTS.memory, yLabel: 'MB', y2Label: t('chart.axis.tensors') },
  ];
}

/** The GAN studio: train a GAN on MNIST (or a data set of your own) and watch digits appear from fixed noise. */
export function GanView() {
  const t = useT();
  const charts = useMemo(() => chartsOf(t), [t]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const values = usePageSettings().settings.gan;
  const { backend, ok: backendOk, choose: chooseBackend } = useBackendChoice('gan', snapshot.backends);
  const errors = useMemo(() => formErrors(GAN_TABLE, values, FORM_KEYS), [values]);
  const busy = snapshot.phase === 'queued' || snapshot.phase === 'active';
  const running = snapshot.phase === 'active' && (snapshot.state === 'training' || snapshot.state === 'paused');
  const scalars = snapshot.latest?.scalars;
  const show = usePanels('gan');
  const shown = useShownPanels('gan');
  useEffect(() => registerViewActions('gan', trainingActions('gan')), []);
  const stats = useStatItems(snapshot, [
    { id: 'd-loss', label: t('gan.stats.dLoss'), value: scalars ? `${formatNumber(snapshot.firstLoss)} → ${formatNumber(scalars.dLoss)}` : '–' },
    { id: 'g-loss', label: t('gan.stats.gLoss'), value: formatNumber(scalars?.gLoss) },
    { id: 'd-real', label: t('gan.stats.dReal'), value: formatNumber(scalars?.dReal) },
    { id: 'd-fake', label: t('gan.stats.dFake'), value: formatNumber(scalars?.dFake) },
  ]);
  const onChange = (key: string, value: string) => setFormValue('gan', key, value);
  const own = useListedOwnDatasetChoice(values.dataset);
  const digit = ganDigitChoice(values.digit, values.dataset, own.chosen);
  const digitProps = {
    onlyOptions: { digit: digit.only },
    optionLabels: { digit: digit.labels },
    unavailable: digit.refused && values.digit ? { digit: { [values.digit]: t.say(digit.refused) } } : undefined,
    notes: digit.refused ? { digit: digit.refused } : undefined,
  };
  // The GAN makes 28 x 28 grayscale images: a colour set of your own is refused here, and by the worker.
  const colourSet = own.chosen && own.chosen.format.channels > 1 ? own.chosen : null;

  return (
    <>
      <section className="panel setup" data-testid="setup" hidden={!show('setup')}>
        <UnfinishedRunBanner kind="gan" busyTraining={busy} />
        <BackendPicker backends={snapshot.backends} value={backend} disabled={busy} onChange={chooseBackend} />
        <SettingsForm table={GAN_TABLE} keys={FIRST_KEYS} values={values} disabled={busy} onChange={onChange} moreOptions={{ dataset: own.options }} />
        <OwnDatasetNote choice={own} />
        {colourSet && (
          <p className="field-error" role="alert" data-testid="gan-colour-refused">
            <Say message={msg('ownData.ganNeedsGray', { name: colourSet.name, size: colourSet.format.size })} />
          </p>
        )}
        <RunControls
          phase={snapshot.phase}
          state={snapshot.state}
          canStart={backendOk && Object.keys(errors).length === 0 && !colourSet}
          job={ganSession.job}
          onTrain={() => startTraining('gan')}
          onPause={ganSession.pause}
          onResume={ganSession.resume}
          onStep={() => ganSession.step()}
          onStop={ganSession.stop}
          extra={
            <>
              <button data-testid="btn-step-d" disabled={!running} onClick={() => ganSession.step('discriminator')}>
                {t('gan.view.trainDOnly')}
              </button>
              <button data-testid="btn-step-g" disabled={!running} onClick={() => ganSession.step('generator')}>
                {t('gan.view.trainGOnly')}
              </button>
              <SaveCheckpointButton running={running} onSave={ganSession.saveCheckpoint} />
            </>
          }
        />
        <RunStatus snapshot={snapshot} />
        <CheckpointNote kind="gan" />
        <ResumeFromCheckpoint snapshot={snapshot} session={ganSession} />
        <SettingGroups table={GAN_TABLE} keys={FORM_KEYS} values={values} disabled={busy} onChange={onChange} {...digitProps} />
      </section>
      <section className="gan-top" hidden={!show('samples')}>
        <SampleGridCanvas store={store} />
        <QualityPanel quality={snapshot.quality} />
      </section>
      <StatsPanel hidden={!show('stats')} items={stats.filter((item) => isHeadlineStat('gan', item.id))} />
      <ChartGrid store={store} charts={charts.filter((c) => show(c.testId) && !isMoreChart(c))} />
      <MoreFigures
        store={store}
        stats={show('stats') ? stats.filter((item) => !isHeadlineStat('gan', item.id)) : []}
        charts={charts.filter((c) => show(c.testId) && isMoreChart(c))}
        opened={moreFiguresOpened('gan', shown)}
      />
      <RunShareBar kind="gan" charts={charts} chartScope='[data-testid="view-gan"]' hidden={!show('share')} />
      <GanExportPanel backend={backend} busyTraining={busy} />
    </>
  );
}
