import { useMemo, useSyncExternalStore } from 'react';
import type { Labelled } from '../../share/comparison';
import { workloadKind } from '../../share/resultSettings';
import { describeWorkload, deviceLine, formatDate } from '../../share/resultSummary';
import { useDevice } from '../device';
import { SESSIONS } from '../session';
import { ComparisonView, ResultView } from './ResultView';
import { sharedLink } from './sharedLink';
import { useT } from '../i18n/useT';
import type { MessageId } from '../../i18n/translator';
import { Say } from '../i18n/Say';

/** Test ids of the shared result (and its comparison) start so. */
const TEST_IDS = 'shared';

/** Why "Run on this device" cannot start now (a message id), or null. */
function useRunBlocker(kind: 'race' | 'cnn' | 'gan' | null): MessageId | null {
  const device = useDevice();
  const cnn = useSyncExternalStore(SESSIONS.cnn.store.subscribe, SESSIONS.cnn.store.getSnapshot);
  const gan = useSyncExternalStore(SESSIONS.gan.store.subscribe, SESSIONS.gan.store.getSnapshot);
  if (!device.backends) return 'share.shared.detecting';
  if (kind === 'race' || kind === null) return null;
  // A view trains one run at a time; other jobs only queue it, they never block it.
  const run = kind === 'gan' ? gan : cnn;
  return run.phase === 'queued' || run.phase === 'active' ? 'share.shared.busy' : null;
}

/**
 * A result opened from a link: clearly the sender's, with their device, shown without running
 * anything. "Run on this device" repeats it here and turns the panel into a comparison.
 */
export function SharedResultPanel() {
  const t = useT();
  const shared = useSyncExternalStore(sharedLink.subscribe, sharedLink.getSnapshot);
  const { result, compare } = shared;
  const kind = result ? workloadKind(result) : null;
  const blockerId = useRunBlocker(kind);
  const blocker = blockerId && t(blockerId);
  const theirsLabel = t('share.shared.theirs');
  const yoursLabel = t('share.shared.yours');
  const theirs = useMemo<Labelled | null>(() => (result ? { label: theirsLabel, result } : null), [result, theirsLabel]);
  const yours = useMemo<Labelled | null>(() => (compare.local ? { label: yoursLabel, result: compare.local } : null), [compare.local, yoursLabel]);

  if (shared.status === 'reading') return <p className="panel" data-testid="shared-reading">{t('share.shared.reading')}</p>;
  if (!result || !theirs) return null;
  const running = compare.status === 'running';

  return (
    <section className="panel shared-panel" data-testid="shared-panel" aria-labelledby="shared-label">
      <h2 id="shared-label" data-testid="shared-label">
        {yours ? t('share.shared.titleCompared') : t('share.shared.title')}
      </h2>
      <dl className="shared-facts">
        <div>
          <dt>{t('share.shared.theirDevice')}</dt>
          <dd data-testid="shared-device">{deviceLine(result.device, t.translator)}</dd>
        </div>
        <div>
          <dt>{t('share.shared.runOn')}</dt>
          <dd data-testid="shared-date">{formatDate(result.createdAt, t.translator)}</dd>
        </div>
        <div>
          <dt>{t('share.shared.workload')}</dt>
          <dd data-testid="shared-workload">{describeWorkload(result, t.translator)}</dd>
        </div>
      </dl>
      <div className="controls">
        {/* aria-disabled, not disabled, while it runs: the button keeps keyboard focus, and the status below says what happens. */}
        <button
          className="primary"
          data-testid="btn-run-here"
          disabled={!running && blocker !== null}
          aria-disabled={running || blocker !== null}
          title={blocker ?? undefined}
          onClick={() => {
            if (!running && blocker === null) sharedLink.runHere();
          }}
        >
          {compare.local ? t('share.shared.runHereAgain') : t('share.shared.runHere')}
        </button>
        <button data-testid="btn-close-shared" onClick={() => sharedLink.close()}>
          {t('share.shared.close')}
        </button>
        <span className={`compare-status ${compare.status}`} data-testid="compare-status" role="status">
          {running ? t('share.shared.running') : compare.status === 'done' ? t('share.shared.done') : compare.status === 'failed' ? t('share.shared.failed') : ''}
        </span>
        {blocker && !running && <small className="lab-blocked">{blocker}</small>}
      </div>
      {compare.note && (
        <div className={compare.status === 'failed' ? 'error' : 'warning'} role={compare.status === 'failed' ? 'alert' : 'status'} data-testid="compare-note">
          <Say message={compare.note} />
        </div>
      )}
      {yours ? <ComparisonView a={theirs} b={yours} testIdPrefix={TEST_IDS} /> : <ResultView label={theirsLabel} result={result} testIdPrefix={TEST_IDS} />}
    </section>
  );
}
