import type { JobKind } from '../../config/jobs';
import { LAB_TABLE, type LabSettings } from '../../config/labConfig';
import { requireSettings } from '../../config/schema';
import { runAnatomy } from '../lab/anatomyJob';
import { runInspect } from '../inspect/inspectJob';
import { runDeviceReport } from '../lab/deviceReportJob';
import { runParity } from '../lab/parityJob';
import { runProfile } from '../lab/profileJob';
import { runRace } from '../lab/raceJob';
import { runBatchSweep, runMatmulSweep } from '../lab/sweepJobs';
import type { JobRunner } from '../owner/deviceOwner';
import type { EngineHost } from '../owner/host';
import type { JobRequest, RequestOf } from '../protocol/jobs';
import { runBenchmarkJob } from './benchmarkJob';
import { runEvaluateModel } from './evaluateModelJob';
import { runExportModel } from './exportModelJob';
import { runSaveModel } from './saveModelJob';
import { runTrainJob } from './trainJob';
import type { EngineJobContext, RunnerOf } from './types';

/** A lab job reads the lab's settings table again here: what the worker runs is what the URL and form accepted. */
const lab =
  (run: (settings: LabSettings, ctx: EngineJobContext) => Promise<void>) =>
  (request: { settings: LabSettings }, ctx: EngineJobContext) =>
    run(requireSettings(LAB_TABLE, request.settings), ctx);

/** One runner per job kind: adding a job is one file plus one line here (and its entry in config/jobs.ts). */
export const JOB_RUNNERS: { [K in JobKind]: RunnerOf<K> } = {
  train: runTrainJob,
  deviceReport: (_request: RequestOf<'deviceReport'>, ctx) => runDeviceReport(ctx),
  race: lab(runRace),
  matmulSweep: lab(runMatmulSweep),
  batchSweep: lab(runBatchSweep),
  anatomy: lab(runAnatomy),
  profile: lab(runProfile),
  parity: lab(runParity),
  saveModel: runSaveModel,
  evaluateModel: runEvaluateModel,
  exportModel: runExportModel,
  inspect: runInspect,
  benchmark: runBenchmarkJob,
};

/** The device owner's runner for this host: each request goes to its kind's runner. */
export function engineRunner(host: EngineHost): JobRunner {
  return (request: JobRequest, ctx) => {
    // TS cannot tie request.kind to the runner's own request type across the union; the table is keyed by kind.
    const run = JOB_RUNNERS[request.kind] as RunnerOf<JobKind>;
    return run(request as RequestOf<JobKind>, { ...ctx, host });
  };
}
