import { useRef } from 'react';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { labJobAnnouncement } from '../../share/announcements';
import { LiveRegion } from '../a11y/LiveRegion';
import { firstEnabled, useFocusRescue } from '../a11y/useFocusRescue';
import { useDevice } from '../device';

/** What the live region calls each panel's job. */
const JOB_NAMES: Readonly<Record<string, string>> = {
  race: 'Race',
  matmul: 'Size sweep',
  batch: 'Batch sweep',
  anatomy: 'Anatomy of a step',
  profile: 'Kernel profile',
  parity: 'Parity check',
  device: 'Device report',
};

interface Props {
  /** Prefix of every test id here: btn-<prefix>-run, <prefix>-progress, ... */
  prefix: string;
  runLabel: string;
  job: LabJobState | undefined;
  /** Why it cannot start (invalid settings, no backend chosen); null when it can. */
  blocked: string | null;
  onRun(): void;
  onCancel(): void;
}

/** "queued (2 jobs ahead)", "running", "done"…: where this job stands with the device owner. */
function statusText(job: LabJobState, position: number | null): string {
  if (job.status !== 'queued') return job.status;
  if (position === null || position <= 1) return 'queued: next';
  return `queued: ${position - 1} ${position - 1 === 1 ? 'job' : 'jobs'} ahead`;
}

/** Run and cancel buttons, queue place, progress bar, status, error and per-backend stops of one lab job. */
export function JobControls({ prefix, runLabel, job, blocked, onRun, onCancel }: Props) {
  const device = useDevice();
  const active = job?.status === 'queued' || job?.status === 'running';
  const position = job ? (device.queue.find((entry) => entry.id === job.id)?.position ?? null) : null;
  const group = useRef<HTMLDivElement>(null);
  const run = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Run → Cancel while the job waits or runs; Cancel or the job's end → Run.
  useFocusRescue(group, () => firstEnabled(cancel.current, run.current));
  return (
    <div className="lab-job">
      <div className="controls" ref={group}>
        <button ref={run} className="primary lab-run" data-testid={`btn-${prefix}-run`} disabled={blocked !== null || active} title={blocked ?? undefined} onClick={onRun}>
          {runLabel}
        </button>
        <button ref={cancel} data-testid={`btn-${prefix}-cancel`} disabled={!active} onClick={onCancel}>
          {job?.status === 'queued' ? 'Remove from queue' : 'Cancel'}
        </button>
        {job && (
          <span className={`lab-job-status ${job.status}`} data-testid={`${prefix}-status`}>
            {statusText(job, position)}
          </span>
        )}
        <LiveRegion text={labJobAnnouncement(JOB_NAMES[prefix] ?? runLabel, job?.status ?? null, position)} testId={`${prefix}-announcement`} />
        {blocked && !active && <small className="lab-blocked">{blocked}</small>}
      </div>
      {job && (job.status === 'running' || job.status === 'cancelled') && (
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
