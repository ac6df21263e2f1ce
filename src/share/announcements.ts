/**
 * What the page's live regions say: a sentence per change of a job's state (queued and where,
 * started, paused, finished…), never a figure per step, so a screen reader is not flooded.
 */
import type { RunState } from '../engine/protocol/training';
import type { JobStatus } from '../engine/protocol/labJobState';

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "queued, next in line" or "queued, 3rd in line"; position counts from 1 (next) as the device owner publishes it. */
export function queuedText(position: number | null): string {
  return position === null || position <= 1 ? 'queued, next in line' : `queued, ${ordinal(position)} in line`;
}

/** Where a training run is, as its view's live region says it. */
export function runAnnouncement(phase: 'idle' | 'queued' | 'active' | 'ended', state: RunState, position: number | null): string {
  if (phase === 'idle') return '';
  if (phase === 'queued') return `Run ${queuedText(position)}.`;
  switch (state) {
    case 'loading':
      return 'Run starting: loading the data and the model.';
    case 'training':
      return 'Training.';
    case 'paused':
      return 'Training paused.';
    case 'finished':
      return 'Run finished.';
    case 'stopped':
      return 'Run stopped.';
    case 'error':
      return 'Run failed.';
    default:
      return '';
  }
}

/** Where a lab job is, e.g. "Race queued, 2nd in line." or "Race done."; the job's name starts the sentence. */
export function labJobAnnouncement(jobName: string, status: JobStatus | null, position: number | null): string {
  switch (status) {
    case null:
      return '';
    case 'queued':
      return `${jobName} ${queuedText(position)}.`;
    case 'running':
      return `${jobName} running.`;
    case 'done':
      return `${jobName} done.`;
    case 'cancelled':
      return `${jobName} cancelled.`;
    case 'error':
      return `${jobName} failed.`;
  }
}
