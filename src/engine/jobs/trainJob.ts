import type * as tf from '@tensorflow/tfjs';
import type { CnnRunConfig } from '../../config/cnnConfig';
import { datasetMessage, isShippedDataset } from '../../config/datasets';
import { modelMessage } from '../../config/models';
import { detailOf, msg, type Message } from '../../i18n/message';
import type { RunConfig } from '../../config/workloads';
import { BudgetWatch, type MemoryPlan } from '../../metrics/memoryPlan';
import { CheckpointFiles } from '../checkpoints/checkpointFiles';
import { checkpointRun, continueFrom, ganExportOf, readTrainRequest } from '../checkpoints/runCheckpoint';
import { RunSummary } from '../checkpoints/runSummary';
import type { EngineHost } from '../owner/host';
import { isCnnCheckpoint, isGanCheckpoint } from '../protocol/checkpointFormat';
import { loadJudge, saveJudge } from '../gan/judge';
import { RunningInspector } from '../inspect/runningInspector';
import { SamplePacer } from '../gan/samplePacer';
import type { RequestOf } from '../protocol/jobs';
import type { EvalPoint, RunState, TrainingControl, TrainingEvent } from '../protocol/training';
import { TrainingLoop } from '../trainingLoop';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { GanWorkload } from '../workloads/ganWorkload';
import type { TrainingWorkload } from '../workloads/types';
import { weightHistograms } from '../workloads/weightHistograms';
import { buildWorkload } from './buildWorkload';
import { RunRecovery } from './runRecovery';
import { reachDebugPoint } from '../backends/debugLoss';
import type { EngineJobContext } from './types';

/** Trains one CNN or GAN run to its end (or until stopped), taking pause / resume / step / evaluate while it runs. */
export async function runTrainJob(request: RequestOf<'train'>, ctx: EngineJobContext): Promise<void> {
  const { config, resume } = readTrainRequest(request);
  let plan: MemoryPlan | null = null;
  const emit = (event: TrainingEvent) => {
    if (event.type === 'memoryPlan') plan = event.plan;
    ctx.emit(event);
  };
  let runState: RunState = 'loading';
  emit({ type: 'state', state: 'loading' });
  let judge: tf.LayersModel | null = null;
  let workload: TrainingWorkload | null = null;
  let loop: TrainingLoop | null = null;
  let recovery: RunRecovery | null = null;
  try {
    workload = await buildWorkload(config, ctx.host, emit);
    emit({ type: 'runInfo', info: workload.info });
    const active = workload;
    const startStep = resume ? continueFrom(active, resume) : 0;
    // A run that starts replaces the model kept from the last one (a refused one leaves it).
    ctx.host.lastRun.clear();
    const summary = new RunSummary(resume);
    const guard = new RunRecovery(config, active, summary, emit);
    recovery = guard;
    let lastEval: EvalPoint | null = null;
    let sampler: SamplePacer | null = null;
    if (active.samples) {
      const loaded = await loadJudge(config.dataset);
      judge = loaded.model;
      sampler = new SamplePacer(active, judge, loaded.note, emit);
    }
    let steps = (): number => 0;
    const inspector = active instanceof CnnWorkload && config.workload === 'cnn' ? new RunningInspector(active, config, ctx.host, ctx.emit, () => ({ steps: steps(), state: runState }), guard.watch) : null;
    const files = new CheckpointFiles(active, config, summary, emit);
    const budget = new BudgetWatch(config.workload === 'cnn' ? config.memoryBudgetMb : 0);
    let histogramsAt = -1;
    // Each epoch's end and the run's last step: the weight histograms of the run's TensorBoard log.
    const sendHistograms = async (step: number) => {
      if (step === histogramsAt) return;
      histogramsAt = step;
      const histograms = await weightHistograms(active, step);
      if (histograms) emit({ type: 'weightHistograms', histograms });
    };
    const running = new TrainingLoop(active, {
      onState: (state) => {
        runState = state;
        emit({ type: 'state', state });
      },
      onFirstStep: (ms) => emit({ type: 'firstStep', ms }),
      onMetrics: (point) => {
        summary.record(point.step, point.scalars);
        emit({ type: 'metrics', points: [point] });
        // The device's own count where it keeps one (WebGL's texture pool, WebGPU's buffers), else the live bytes.
        const crossed = budget.observe(Math.max(point.bytes, point.gpuBytes ?? 0), point.step);
        if (crossed) {
          emit({ type: 'warning', message: crossed });
          running.pause();
        }
      },
      onStepPeak: active.memorySplit ? (peak) => emit({ type: 'stepPeak', peak }) : undefined,
      onEpochEnd: async (epoch, step) => {
        if (active.evaluate) {
          reachDebugPoint('evaluation');
          lastEval = await active.evaluate(step, epoch);
          summary.evaluated(lastEval);
          emit({ type: 'eval', point: lastEval });
          await inspector?.epochEnd(epoch, step);
        }
        const held = await guard.maybeCheckpoint(step, true);
        await files.epochEnd(step, held);
        await sendHistograms(step);
      },
      afterWindow: async (step) => {
        await sampler?.maybeSend(step);
        await guard.maybeCheckpoint(step, false);
      },
      stepsToNextTask: (done) => guard.stepsToCheckpoint(done),
      readsModelAfter: (step, withinMs) => sampler?.wantsAfter(step, withinMs) ?? false,
      deviceLost: guard.deviceLost,
      onProgress: (fraction, message) => emit({ type: 'progress', fraction, message }),
      onNote: (message) => emit({ type: 'warning', message }),
    });
    loop = running;
    running.startAt(startStep);
    if (request.recover) guard.resume(request.recover.checkpointId, running);
    steps = () => running.steps;
    ctx.onControl((control) => applyControl(control, { loop: running, workload: active, emit, inspector, files, watch: guard.watch }));
    ctx.token.attach(running);
    await sampler?.send(running.steps);
    const outcome = await running.run();
    ctx.token.attach(null);
    // The engine's weights into the model, which what follows reads (the judge, the kept model, samples).
    await guard.watch(active.settle?.() ?? Promise.resolve());
    if (sampler) await guard.watch(sampler.send(running.steps));
    if (running.steps > 0) await guard.watch(sendHistograms(running.steps));
    if (outcome === 'finished' && active instanceof CnnWorkload && lastEval) await keepAsJudge(active, config, lastEval, emit);
    try {
      if (running.steps > 0) await keepRun(active, config, running.steps, summary, ctx.host);
    } catch (err) {
      emit({ type: 'warning', message: msg('engine.train.notKept', { detail: detailOf(err) }) });
    }
    if (active instanceof CnnWorkload && config.workload === 'cnn' && running.steps > 0) await keepForInspection(active, config, lastEval, running.steps, ctx);
    emit({ type: 'state', state: outcome === 'finished' ? 'finished' : 'stopped' });
  } catch (err) {
    throw recovery ? recovery.failure(err, loop?.steps ?? 0, plan) : RunRecovery.outOfMemory(err, 0, config, plan);
  } finally {
    judge?.dispose();
    workload?.dispose();
    recovery?.release();
  }
}

/** Keeps the ended run in the worker for the saved-model jobs: a CNN as its checkpoint, a GAN as its export and then its checkpoint. */
async function keepRun(workload: TrainingWorkload, config: RunConfig, steps: number, summary: RunSummary, host: EngineHost): Promise<void> {
  if (workload instanceof GanWorkload && config.workload === 'gan') {
    // The export first: a checkpoint that cannot be read (a warning) leaves it kept.
    const exported = await ganExportOf(workload, config, host);
    host.lastRun.keepGan(exported);
    const end = await checkpointRun(workload, config, steps, summary);
    if (end && isGanCheckpoint(end)) host.lastRun.keepGan({ ...exported, checkpoint: end });
    return;
  }
  const end = await checkpointRun(workload, config, steps, summary);
  if (end && isCnnCheckpoint(end)) host.lastRun.keep(end);
}

/** What a control acts on: the loop, and the run's parts that answer the page. */
interface Controlled {
  loop: TrainingLoop;
  workload: TrainingWorkload;
  emit: (event: TrainingEvent) => void;
  inspector: RunningInspector | null;
  files: CheckpointFiles;
  /** Waits on the device while watching it for loss: a control's read runs outside the loop's own watch. */
  watch: <T>(wait: Promise<T>) => Promise<T>;
}

function applyControl(control: TrainingControl, { loop, workload, emit, inspector, files, watch }: Controlled): void {
  switch (control.action) {
    case 'pause':
      return loop.pause();
    case 'resume':
      return loop.resume();
    case 'step':
      return loop.stepOnce(control.part);
    case 'evaluate':
      return void evaluateNow(loop, workload, emit, watch);
    case 'saveCheckpoint':
      return loop.betweenWindows(() => files.asked(loop.steps));
    case 'inspect':
      return inspector ? void inspector.answer(control.query) : emit({ type: 'warning', message: msg('engine.train.onlyCnnInspect') });
    default:
      return control satisfies never;
  }
}
async function evaluateNow(loop: TrainingLoop, workload: TrainingWorkload, emit: (event: TrainingEvent) => void, watch: Controlled['watch']): Promise<void> {
  if (!workload.evaluate) return;
  try {
    emit({ type: 'eval', point: await watch(workload.evaluate(loop.steps, Math.ceil(loop.steps / workload.info.stepsPerEpoch))) });
  } catch (err) {
    emit({ type: 'warning', message: msg('engine.train.evaluationFailed', { detail: detailOf(err) }) });
  }
}

/** A finished classifier good enough to judge generated images is kept for the GAN's quality score. */
async function keepAsJudge(cnn: CnnWorkload, config: RunConfig, evalPoint: EvalPoint, emit: (event: TrainingEvent) => void): Promise<void> {
  // A classifier of your own classes is never kept: the GAN judges a set of your own with none (loadJudge).
  if (!isShippedDataset(config.dataset)) return;
  try {
    if (await saveJudge(cnn.model, config.dataset, evalPoint.testAccuracy)) {
      emit({ type: 'warning', message: msg('engine.train.judgeSaved', { dataset: datasetMessage(config.dataset), accuracy: (evalPoint.testAccuracy * 100).toFixed(1) }) });
    }
  } catch (err) {
    emit({ type: 'warning', message: msg('engine.train.judgeNotSaved', { detail: detailOf(err) }) });
  }
}

/** Keeps the model for the inspect job (look inside, draw a digit); a failure is a warning, never the run's end. */
export async function keepForInspection(cnn: CnnWorkload, config: CnnRunConfig, evalPoint: EvalPoint | null, steps: number, ctx: EngineJobContext, name: Message = modelMessage(config.model)): Promise<void> {
  const facts = { name, dataset: config.dataset, backend: cnn.info.backend, testAccuracy: evalPoint?.testAccuracy ?? null, steps, batchSize: config.batchSize, testExamples: config.testExamples };
  try {
    await ctx.host.kept.keep(cnn.model, facts);
  } catch (err) {
    ctx.emit({ type: 'warning', message: msg('engine.train.notKeptForInspect', { detail: detailOf(err) }) });
  }
}
