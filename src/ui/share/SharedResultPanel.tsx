import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { labSession } from '../lab/labSession';
import type { Labelled } from './comparison';
import { ComparisonView, ResultView } from './ResultView';
import { describeWorkload, deviceLine, formatDate, workloadKind } from './resultSummary';
import { SESSIONS } from './runLauncher';
import { sharedLink } from './sharedLink';

const THEIRS = 'Theirs';
const YOURS = 'Yours';

/** Why "Run on this device" cannot start now, or null. */
function useRunBlocker(kind: 'race' | 'cnn' | 'gan' | null): string | null {
  const lab = useSyncExternalStore(labSession.subscribe, labSession.getSnapshot);
  const cnn = useSyncExternalStore(SESSIONS.cnn.store.subscribe, SESSIONS.cnn.store.getSnapshot);
  const gan = useSyncExternalStore(SESSIONS.gan.store.subscribe, SESSIONS.gan.store.getSnapshot);
  // A race link opens the lab, which reads the device (and so its backends) when shown; make sure it does.
  const needsBackends = kind === 'race' && lab.backends === null && lab.running === null && lab.jobs.deviceReport === undefined;
  useEffect(() => {
    if (needsBackends) labSession.start({ type: 'deviceReport' });
  }, [needsBackends]);
  if (kind === 'race') {
    if (lab.running) return 'The lab is busy with another job.';
    return lab.backends ? null : 'Detecting the backends of this browser…';
  }
  const run = kind === 'gan' ? gan : cnn;
  if (!run.backends) return 'Detecting the backends of this browser…';
  return ['loading', 'training', 'paused'].includes(run.state) ? 'A run is in progress in that view.' : null;
}

/**
 * A result opened from a link: clearly the sender's, with their device, shown without running
 * anything. "Run on this device" repeats it here and turns the panel into a comparison.
 */
export function SharedResultPanel() {
  const shared = useSyncExternalStore(sharedLink.subscribe, sharedLink.getSnapshot);
  const { result, compare } = shared;
  const kind = result ? workloadKind(result) : null;
  const blocker = useRunBlocker(kind);
  const theirs = useMemo<Labelled | null>(() => (result ? { label: THEIRS, result } : null), [result]);
  const yours = useMemo<Labelled | null>(() => (compare.local ? { label: YOURS, result: compare.local } : null), [compare.local]);

  if (shared.status === 'reading') return <p className="panel" data-testid="shared-reading">Reading the shared result…</p>;
  if (!result || !theirs) return null;
  const running = compare.status === 'running';

  return (
    <section className="panel shared-panel" data-testid="shared-panel">
      <h2 data-testid="shared-label">
        {yours ? 'Shared result: their run, on their device, next to yours' : 'Shared result: their run, on their device — nothing has run here'}
      </h2>
      <dl className="shared-facts">
        <div>
          <dt>Their device</dt>
          <dd data-testid="shared-device">{deviceLine(result.device)}</dd>
        </div>
        <div>
          <dt>Run on</dt>
          <dd data-testid="shared-date">{formatDate(result.createdAt)}</dd>
        </div>
        <div>
          <dt>Workload</dt>
          <dd data-testid="shared-workload">{describeWorkload(result)}</dd>
        </div>
      </dl>
      <div className="controls">
        <button className="primary" data-testid="btn-run-here" disabled={running || blocker !== null} title={blocker ?? undefined} onClick={() => sharedLink.runHere()}>
          {compare.local ? 'Run on this device again' : 'Run on this device'}
        </button>
        <button data-testid="btn-close-shared" onClick={() => sharedLink.close()}>
          Close
        </button>
        <span className={`compare-status ${compare.status}`} data-testid="compare-status">
          {running ? 'Running here…' : compare.status === 'done' ? 'Compared with this device' : compare.status === 'failed' ? 'Could not run here' : ''}
        </span>
        {blocker && !running && <small className="lab-blocked">{blocker}</small>}
      </div>
      {compare.note && (
        <div className={compare.status === 'failed' ? 'error' : 'warning'} role="status" data-testid="compare-note">
          {compare.note}
        </div>
      )}
      {yours ? <ComparisonView a={theirs} b={yours} testIdPrefix="shared" /> : <ResultView label={THEIRS} result={result} testIdPrefix="shared" />}
    </section>
  );
}
