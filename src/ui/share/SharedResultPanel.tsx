import { useMemo, useSyncExternalStore } from 'react';
import type { Labelled } from '../../share/comparison';
import { workloadKind } from '../../share/resultSettings';
import { describeWorkload, deviceLine, formatDate } from '../../share/resultSummary';
import { useDevice } from '../device';
import { SESSIONS } from '../session';
import { ComparisonView, ResultView } from './ResultView';
import { sharedLink } from './sharedLink';

const THEIRS = 'Theirs';
const YOURS = 'Yours';

/** Why "Run on this device" cannot start now, or null. */
function useRunBlocker(kind: 'race' | 'cnn' | 'gan' | null): string | null {
  const device = useDevice();
  const cnn = useSyncExternalStore(SESSIONS.cnn.store.subscribe, SESSIONS.cnn.store.getSnapshot);
  const gan = useSyncExternalStore(SESSIONS.gan.store.subscribe, SESSIONS.gan.store.getSnapshot);
  if (!device.backends) return 'Detecting the backends of this browser…';
  if (kind === 'race' || kind === null) return null;
  // A view trains one run at a time; other jobs only queue it, they never block it.
  const run = kind === 'gan' ? gan : cnn;
  return run.phase === 'queued' || run.phase === 'active' ? 'A run is in progress in that view: stop it first.' : null;
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
          {compare.local ? 'Run on this device again' : 'Run on this device'}
        </button>
        <button data-testid="btn-close-shared" onClick={() => sharedLink.close()}>
          Close
        </button>
        <span className={`compare-status ${compare.status}`} data-testid="compare-status" role="status">
          {running ? 'Running here…' : compare.status === 'done' ? 'Compared with this device' : compare.status === 'failed' ? 'Could not run here' : ''}
        </span>
        {blocker && !running && <small className="lab-blocked">{blocker}</small>}
      </div>
      {compare.note && (
        <div className={compare.status === 'failed' ? 'error' : 'warning'} role={compare.status === 'failed' ? 'alert' : 'status'} data-testid="compare-note">
          {compare.note}
        </div>
      )}
      {yours ? <ComparisonView a={theirs} b={yours} testIdPrefix="shared" /> : <ResultView label={THEIRS} result={result} testIdPrefix="shared" />}
    </section>
  );
}
