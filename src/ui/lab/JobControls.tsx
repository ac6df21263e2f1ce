import type { BackendStop } from '../../engine/protocol/lab';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { labJobAnnouncement } from '../../share/announcements';
import { LiveRegion } from '../a11y/LiveRegion';
import { useDevice } from '../device';
import { useT, type T } from '../i18n/useT';
import { Say } from '../i18n/Say';

/** What the live region calls each panel's job (message ids by test-id prefix). */
const JOB_NAMES = {
  race: 'lab.job.name.race',
  matmul: 'lab.job.name.matmul',
  batch: 'lab.job.name.batch',
  anatomy: 'lab.job.name.anatomy',
  profile: 'lab.job.name.profile',
  parity: 'lab.job.name.parity',
  device: 'lab.job.name.device',
} as const;

interface Props {
  /** Prefix of every test id here: btn-<prefix>-run, <prefix>-progress, ... */
  prefix: string;
  runLabel: string;
  job: LabJobState | undefined;
  /** Why it cannot start (invalid settings, no backend chosen); null when it can. */
  blocked: string | null;
  onRun(): void;
  onCancel(): void;
  /** What names a stop in its test id: its backend, or (race, parity check) its lane. */
  stopKey?(stop: BackendStop): string;
}

const byBackend = (stop: BackendStop) => stop.backend;

/** "queued (2 jobs ahead)", "running", "done"…: where this job stands with the device owner. */
function statusText(job: LabJobState, position: number | null, t: T): string {
  if (job.status !== 'queued') return t(`lab.job.status.${job.status}`);
  if (position === null || position <= 1) return t('lab.job.status.queuedNext');
  return t('lab.job.status.queuedAhead', { count: position - 1 });
}

/** Run and cancel buttons, queue place, progress bar, status, error and per-backend stops of one lab job. */
export function JobControls({ prefix, runLabel, job, blocked, onRun, onCancel, stopKey = byBackend }: Props) {
  const device = useDevice();
  const t = useT();
  const jobName = prefix in JOB_NAMES ? t(JOB_NAMES[prefix as keyof typeof JOB_NAMES]) : runLabel;
  const active = job?.status === 'queued' || job?.status === 'running';
  const position = job ? (device.queue.find((entry) => entry.id === job.id)?.position ?? null) : null;
  return (
    <div className="lab-job">
      {/* Run → Cancel while the job waits or runs, and back when it ends: the page's focus rule (src/ui/a11y/focusKeeper.ts). */}
      <div className="controls">
        <button className="primary lab-run" data-testid={`btn-${prefix}-run`} disabled={blocked !== null || active} title={blocked ?? undefined} onClick={onRun}>
          {runLabel}
        </button>
        <button data-testid={`btn-${prefix}-cancel`} disabled={!active} onClick={onCancel}>
          {t(job?.status === 'queued' ? 'lab.job.dequeue' : 'lab.job.cancel')}
        </button>
        {job && (
          <span className={`lab-job-status ${job.status}`} data-testid={`${prefix}-status`} data-job={job.id}>
            {statusText(job, position, t)}
          </span>
        )}
        <LiveRegion text={labJobAnnouncement(jobName, job?.status ?? null, position, t.translator)} testId={`${prefix}-announcement`} />
        {blocked && !active && <small className="lab-blocked">{blocked}</small>}
      </div>
      {job && (job.status === 'running' || job.status === 'cancelled') && (
        <div className="progress">
          <progress data-testid={`${prefix}-progress`} value={job.progress?.fraction ?? 0} max={1} />
          <span data-testid={`${prefix}-progress-message`}>{job.progress && <Say message={job.progress.message} />}</span>
        </div>
      )}
      {job?.error && (
        <div className="error" role="alert" data-testid={`${prefix}-error`}>
          <Say message={job.error} />
        </div>
      )}
      {job?.stops.map((stop) => (
        <div className="warning" role="status" key={`${stopKey(stop)}-${stop.value}`} data-testid={`${prefix}-stop-${stopKey(stop)}`}>
          {stop.kind === 'out-of-memory' ? t.rich('lab.job.outOfMemory', { reason: <Say message={stop.reason} /> }) : <Say message={stop.reason} />}
        </div>
      ))}
    </div>
  );
}
