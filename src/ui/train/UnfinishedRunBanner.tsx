import { useEffect, useSyncExternalStore } from 'react';
import { unfinishedRunText } from '../../share/unfinishedRun';
import { useT } from '../i18n/useT';
import type { TrainingKind } from '../session';
import { UNFINISHED_RUNS } from './unfinishedRunSession';
import { Say } from '../i18n/Say';

/** "An unfinished run can be resumed: …" with Resume and Discard; a damaged record says why and offers Discard only. */
export function UnfinishedRunBanner({ kind, busyTraining }: { kind: TrainingKind; busyTraining: boolean }) {
  const unfinishedRun = UNFINISHED_RUNS[kind];
  const s = useSyncExternalStore(unfinishedRun.subscribe, unfinishedRun.getSnapshot);
  const t = useT();
  useEffect(() => void unfinishedRun.load(), [unfinishedRun]);
  const { offer } = s;
  if (offer.status === 'empty') return null;
  return (
    <section className="unfinished-run" data-testid="unfinished-run" aria-labelledby="unfinished-run-text">
      <p id="unfinished-run-text" data-testid="unfinished-run-text">
        {offer.status === 'ready'
          ? t('unfinished.ready', { run: unfinishedRunText(offer.run, t.translator) })
          : t.rich('unfinished.damaged', { error: <Say message={offer.error} /> })}
      </p>
      <div className="controls">
        {offer.status === 'ready' && (
          <button type="button" className="primary" data-testid="btn-unfinished-resume" disabled={busyTraining} onClick={unfinishedRun.resume}>
            {t('unfinished.resume')}
          </button>
        )}
        <button type="button" data-testid="btn-unfinished-discard" onClick={() => void unfinishedRun.discard()}>
          {t('unfinished.discard')}
        </button>
      </div>
    </section>
  );
}
