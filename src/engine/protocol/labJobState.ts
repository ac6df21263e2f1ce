/** A lab job as the pages show it, folded from what the device owner reports: pure, so the bench page shares it. */
import type { BackendAvailability } from '../../config/backends';
import type { LabJobKind } from '../../config/jobs';
import { msg, type Message } from '../../i18n/message';
import type { DeviceReport } from './deviceReport';
import type { JobEvent, JobOutcome } from './jobs';
import type { AnatomyResult, BackendStop, BatchSweepPoint, MatmulSweepPoint, ParityCurve, ProfileResult, RaceRow } from './lab';

export type JobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'error';

/** Everything one lab job has reported so far. */
export interface LabJobState {
  kind: LabJobKind | 'deviceReport';
  id: number;
  status: JobStatus;
  progress: { fraction: number; message: Message } | null;
  raceRows: RaceRow[];
  matmulPoints: MatmulSweepPoint[];
  batchPoints: BatchSweepPoint[];
  stops: BackendStop[];
  anatomy: AnatomyResult | null;
  profile: ProfileResult | null;
  parityCurves: ParityCurve[];
  deviceReport: { report: DeviceReport; backends: BackendAvailability[] } | null;
  error: Message | null;
}

export function queuedJob(kind: LabJobState['kind'], id: number): LabJobState {
  return {
    kind,
    id,
    status: 'queued',
    progress: null,
    raceRows: [],
    matmulPoints: [],
    batchPoints: [],
    stops: [],
    anatomy: null,
    profile: null,
    parityCurves: [],
    deviceReport: null,
    error: null,
  };
}

function isOver(job: LabJobState): boolean {
  return job.status === 'done' || job.status === 'cancelled' || job.status === 'error';
}

/** The job once the owner gave it the device; a job that ended stays ended. */
export function markRunning(job: LabJobState): LabJobState {
  return job.status === 'queued' ? { ...job, status: 'running', progress: job.progress ?? { fraction: 0, message: msg('lab.job.starting') } } : job;
}

/** Pure: the job after one more of its events; events after its end change nothing. */
export function applyJobEvent(job: LabJobState, event: JobEvent): LabJobState {
  if (isOver(job)) return job;
  const running = markRunning(job);
  switch (event.type) {
    case 'progress':
      return { ...running, progress: { fraction: event.fraction, message: event.message } };
    case 'raceRow':
      return { ...running, raceRows: [...running.raceRows, event.row] };
    case 'sweepPoint':
      return event.sweep === 'matmul' ? { ...running, matmulPoints: [...running.matmulPoints, event.point] } : { ...running, batchPoints: [...running.batchPoints, event.point] };
    case 'backendStopped':
      return { ...running, stops: [...running.stops, event.stop] };
    case 'anatomy':
      return { ...running, anatomy: event.result };
    case 'profile':
      return { ...running, profile: event.result };
    case 'parityCurve':
      return { ...running, parityCurves: [...running.parityCurves, event.curve] };
    case 'deviceReport':
      return { ...running, deviceReport: { report: event.report, backends: event.backends } };
    // Training, benchmark and saved-model events never reach a lab job.
    case 'state':
    case 'runInfo':
    case 'firstStep':
    case 'metrics':
    case 'eval':
    case 'warning':
    case 'samples':
    case 'quality':
    case 'memoryPlan':
    case 'stepPeak':
    case 'checkpoint':
    case 'resumed':
    case 'checkpointFile':
    case 'deviceLost':
    case 'gpuError':
    case 'weightHistograms':
    case 'benchmark':
    case 'model':
    // Nor do a look inside a model's answers.
    case 'prediction':
    case 'confusion':
    case 'filters':
    case 'summary':
    case 'inspectFailed':
      return running;
    default:
      return event satisfies never;
  }
}

/** Pure: the job after the owner said how it ended. */
export function endJob(job: LabJobState, outcome: JobOutcome): LabJobState {
  if (isOver(job)) return job;
  switch (outcome.status) {
    case 'done':
      return { ...job, status: 'done', progress: { fraction: 1, message: msg('lab.job.finished') } };
    case 'cancelled':
      return { ...job, status: 'cancelled' };
    case 'error':
      return { ...job, status: 'error', error: outcome.message };
    default:
      return outcome satisfies never;
  }
}
