/**
 * What the page's live regions say: a sentence per change of a job's state (queued and where,
 * started, paused, finished…), never a figure per step, so a screen reader is not flooded.
 *
 * Every function takes the page's Translator last. It defaults to English because the callers
 * (RunControls in src/ui/components, the lab panels in src/ui/lab) are converted separately; each
 * passes `t.translator` once it is.
 */
import type { RunState } from '../engine/protocol/training';
import type { JobStatus } from '../engine/protocol/labJobState';
import { Translator } from '../i18n/translator';

const ENGLISH = new Translator('en');

/** "1st", "2nd", "3rd", "4th", "11th", "22nd" (in Chinese "第 3"). */
export function ordinal(n: number, t: Translator = ENGLISH): string {
  return t.t('share.announce.ordinal', { n });
}

/** "queued, next in line" or "queued, 3rd in line"; position counts from 1 (next) as the device owner publishes it. */
export function queuedText(position: number | null, t: Translator = ENGLISH): string {
  return position === null || position <= 1 ? t.t('share.announce.queuedNext') : t.t('share.announce.queued', { position });
}

/** Where a training run is, as its view's live region says it. */
export function runAnnouncement(phase: 'idle' | 'queued' | 'active' | 'ended', state: RunState, position: number | null, t: Translator = ENGLISH): string {
  if (phase === 'idle') return '';
  if (phase === 'queued') return position === null || position <= 1 ? t.t('share.announce.run.queuedNext') : t.t('share.announce.run.queued', { position });
  switch (state) {
    case 'loading':
    case 'training':
    case 'paused':
    case 'finished':
    case 'stopped':
    case 'error':
      return t.t(`share.announce.run.${state}`);
    default:
      return '';
  }
}

/** Where a lab job is, e.g. "Race queued, 2nd in line." or "Race done."; the job's name starts the sentence. */
export function labJobAnnouncement(jobName: string, status: JobStatus | null, position: number | null, t: Translator = ENGLISH): string {
  const job = jobName;
  switch (status) {
    case null:
      return '';
    case 'queued':
      return position === null || position <= 1 ? t.t('share.announce.job.queuedNext', { job }) : t.t('share.announce.job.queued', { job, position });
    case 'running':
    case 'done':
    case 'cancelled':
    case 'error':
      return t.t(`share.announce.job.${status}`, { job });
  }
}
