import { useSyncExternalStore } from 'react';
import { curvesToCsv, rowsToCsv } from '../../share/csv';
import { sharedResultToJson } from '../../share/resultDoc';
import { ExportButtons, type ChartRef } from './ExportButtons';
import { labSession } from '../lab/labSession';
import { fileStem } from '../../share/resultSummary';
import { SESSIONS } from '../session';
import { runRecorder, type RecordedKind } from './runRecorder';
import { ShareButton } from './ShareButton';
import { TensorBoardButton } from './TensorBoardButton';
import { useT } from '../i18n/useT';
import type { MessageId } from '../../i18n/translator';
import { Say } from '../i18n/Say';

const WAITING: Record<RecordedKind, MessageId> = {
  cnn: 'share.bar.waitTraining',
  gan: 'share.bar.waitTraining',
  race: 'share.bar.waitRace',
};

/** The id of the latest run of this kind, ended or not. */
function useLatestRunId(kind: RecordedKind): number | null {
  const lab = useSyncExternalStore(labSession.subscribe, labSession.getSnapshot);
  const store = SESSIONS[kind === 'gan' ? 'gan' : 'cnn'].store;
  useSyncExternalStore(store.subscribe, store.getSnapshot);
  return kind === 'race' ? (lab.jobs.race?.id ?? null) : store.runId;
}

/** The race's bar sits inside the race panel (under its h2); the training views' bars are panels of their own. */
const HEADING = { cnn: 'h2', gan: 'h2', race: 'h3' } as const satisfies Record<RecordedKind, 'h2' | 'h3'>;

/** Share, export and history status of the latest run of one kind, once it has ended. */
export function RunShareBar({ kind, charts, chartScope, hidden = false }: { kind: RecordedKind; charts: ChartRef[]; chartScope: string; hidden?: boolean }) {
  const t = useT();
  const Heading = HEADING[kind];
  const recorded = useSyncExternalStore(runRecorder.subscribe, runRecorder.getSnapshot)[kind];
  const latestRunId = useLatestRunId(kind);
  let body;
  if (!recorded || recorded.runId !== latestRunId) body = <p className="share-note">{t(WAITING[kind])}</p>;
  else if (recorded.status === 'preparing') body = <p className="share-note">{t('share.bar.preparing')}</p>;
  else if (!recorded.result) body = <p className="share-note">{recorded.reason && <Say message={recorded.reason} />}</p>;
  else {
    const result = recorded.result;
    body = (
      <>
        <ShareButton result={result} />
        <ExportButtons
          stem={fileStem(result)}
          json={() => sharedResultToJson(result)}
          rowsCsv={() => rowsToCsv(result.rows, t.translator)}
          stepsCsv={() => curvesToCsv(result.curves, t.translator)}
          charts={charts}
          chartScope={chartScope}
        />
        {recorded.saveError ? (
          <div className="error" role="alert" data-testid="history-save-error">
            {t.rich('share.bar.notKept', { error: <Say message={recorded.saveError} /> })}
          </div>
        ) : (
          <small className="share-note" data-testid="history-save-status">
            {recorded.saving ? t('share.bar.keeping') : t('share.bar.kept')}
          </small>
        )}
      </>
    );
  }
  return (
    <section className="panel run-share" data-testid={`run-share-${kind}`} hidden={hidden}>
      <Heading>{t('share.bar.title')}</Heading>
      {body}
      {kind !== 'race' && <TensorBoardButton kind={kind} />}
    </section>
  );
}
