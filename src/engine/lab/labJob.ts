import type { BackendAvailability } from '../../config/backends';
import type { DeviceReport } from '../device/deviceReport';
import type { AnatomyResult, BackendStop, BatchSweepPoint, LabEvent, LabJobKind, MatmulSweepPoint, ProfileResult, RaceRow } from './labProtocol';

export type JobStatus = 'running' | 'done' | 'cancelled' | 'error';

/** Everything one lab job has reported so far, folded from its events: what a panel or the bench shows. */
export interface LabJobState {
  kind: LabJobKind;
  runId: number;
  status: JobStatus;
  progress: { fraction: number; message: string } | null;
  raceRows: RaceRow[];
  matmulPoints: MatmulSweepPoint[];
  batchPoints: BatchSweepPoint[];
  stops: BackendStop[];
  anatomy: AnatomyResult | null;
  profile: ProfileResult | null;
  deviceReport: { report: DeviceReport; text: string; backends: BackendAvailability[] } | null;
  error: string | null;
}

export function startJob(kind: LabJobKind, runId: number): LabJobState {
  return {
    kind,
    runId,
    status: 'running',
    progress: { fraction: 0, message: 'Starting…' },
    raceRows: [],
    matmulPoints: [],
    batchPoints: [],
    stops: [],
    anatomy: null,
    profile: null,
    deviceReport: null,
    error: null,
  };
}

/** Pure: the job after one more event; events of other runs, or after the job ended, change nothing. */
export function applyLabEvent(job: LabJobState, event: LabEvent): LabJobState {
  if (event.runId !== job.runId || job.status !== 'running') return job;
  switch (event.type) {
    case 'progress':
      return { ...job, progress: { fraction: event.fraction, message: event.message } };
    case 'raceRow':
      return { ...job, raceRows: [...job.raceRows, event.row] };
    case 'sweepPoint':
      return event.sweep === 'matmul' ? { ...job, matmulPoints: [...job.matmulPoints, event.point] } : { ...job, batchPoints: [...job.batchPoints, event.point] };
    case 'backendStopped':
      return { ...job, stops: [...job.stops, event.stop] };
    case 'anatomy':
      return { ...job, anatomy: event.result };
    case 'profile':
      return { ...job, profile: event.result };
    case 'deviceReport':
      return { ...job, deviceReport: { report: event.report, text: event.text, backends: event.backends } };
    case 'done':
      return { ...job, status: event.cancelled ? 'cancelled' : 'done', progress: event.cancelled ? job.progress : { fraction: 1, message: 'Finished' } };
    case 'error':
      return { ...job, status: 'error', error: event.message };
  }
}

/** Ends a running job from outside (the worker crashed); a finished job is left as it is. */
export function failJob(job: LabJobState, message: string): LabJobState {
  return job.status === 'running' ? { ...job, status: 'error', error: message } : job;
}
