import type { LabJobState } from '../../engine/lab/labJob';
import { labSession } from './labSession';

const STATUS_WORDS: Record<LabJobState['status'], string> = { running: 'running', done: 'done', cancelled: 'cancelled', error: 'error' };

interface Props {
  /** Prefix of every test id here: btn-<prefix>-run, <prefix>-progress, ... */
  prefix: string;
  runLabel: string;
  job: LabJobState | undefined;
  /** Whether this panel's job is the one running. */
  running: boolean;
  /** Why it cannot start now (another job running, invalid settings); null when it can. */
  blocked: string | null;
  onRun(): void;
}

/** Run and cancel buttons, progress bar, status, error and per-backend stops of one lab job. */
export function JobControls({ prefix, runLabel, job, running, blocked, onRun }: Props) {
  return (
    <div className="lab-job">
      <div className="controls">
        <button className="primary lab-run" data-testid={`btn-${prefix}-run`} disabled={blocked !== null} title={blocked ?? undefined} onClick={onRun}>
          {runLabel}
        </button>
        <button data-testid={`btn-${prefix}-cancel`} disabled={!running} onClick={() => labSession.cancel()}>
          Cancel
        </button>
        {job && (
          <span className={`lab-job-status ${job.status}`} data-testid={`${prefix}-status`}>
            {STATUS_WORDS[job.status]}
          </span>
        )}
        {blocked && !running && <small className="lab-blocked">{blocked}</small>}
      </div>
      {job && (running || job.status === 'cancelled') && (
        <div className="progress">
          <progress data-testid={`${prefix}-progress`} value={job.progress?.fraction ?? 0} max={1} />
          <span data-testid={`${prefix}-progress-message`}>{job.progress?.message}</span>
        </div>
      )}
      {job?.error && (
        <div className="error" role="alert" data-testid={`${prefix}-error`}>
          {job.error}
        </div>
      )}
      {job?.stops.map((stop) => (
        <div className="warning" role="status" key={`${stop.backend}-${stop.value}`} data-testid={`${prefix}-stop-${stop.backend}`}>
          {stop.kind === 'out-of-memory' ? 'Out of memory — ' : ''}
          {stop.reason}
        </div>
      ))}
    </div>
  );
}
