import type * as tf from '@tensorflow/tfjs';
import { requireRunConfig, type RunConfig } from '../../config/workloads';
import { BudgetWatch, type MemoryPlan } from '../../metrics/memoryPlan';
import { errorMessage } from '../backends/runtime';
import { loadJudge, saveJudge } from '../gan/judge';
import { SamplePacer } from '../gan/samplePacer';
import type { RequestOf } from '../protocol/jobs';
import type { EvalPoint, TrainingControl, TrainingEvent } from '../protocol/training';
import { TrainingLoop } from '../trainingLoop';
import { CnnWorkload } from '../workloads/cnnWorkload';
import type { TrainingWorkload } from '../workloads/types';
import { buildWorkload } from './buildWorkload';
import { RunRecovery } from './runRecovery';
import type { EngineJobContext } from './types';

/** Trains one CNN or GAN run to its end (or until stopped), taking pause / resume / step / evaluate while it runs. */
export async function runTrainJob(request: RequestOf<'train'>, ctx: EngineJobContext): Promise<void> {
  const config = requireRunConfig(request.config);
  let plan: MemoryPlan | null = null;
  const emit = (event: TrainingEvent) => {
    if (event.type === 'memoryPlan') plan = event.plan;
    ctx.emit(event);
  };
  emit({ type: 'state', state: 'loading' });
  let judge: tf.LayersModel | null = null;
  let workload: TrainingWorkload | null = null;
  let loop: TrainingLoop | null = null;
  let recovery: RunRecovery | null = null;
  try {
    workload = await buildWorkload(config, ctx.host, emit);
    emit({ type: 'runInfo', info: workload.info });
    const active = workload;
    const guard = new RunRecovery(config, active, emit);
    recovery = guard;
    let lastEval: EvalPoint | null = null;
    let sampler: SamplePacer | null = null;
    if (active.samples) {
      const loaded = await loadJudge(config.dataset);
      judge = loaded.model;
      sampler = new SamplePacer(active, judge, loaded.note, emit);
    }
    const budget = new BudgetWatch(config.workload === 'cnn' ? config.memoryBudgetMb : 0);
    const running = new TrainingLoop(active, {
      onState: (state) => emit({ type: 'state', state }),
      onFirstStep: (ms) => emit({ type: 'firstStep', ms }),
      onMetrics: (point) => {
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
          lastEval = await active.evaluate(step, epoch);
          emit({ type: 'eval', point: lastEval });
        }
        await guard.maybeCheckpoint(step, true);
      },
      afterWindow: async (step) => {
        await sampler?.maybeSend(step);
        await guard.maybeCheckpoint(step, false);
      },
      deviceLost: guard.deviceLost,
    });
    loop = running;
    if (request.resume) guard.resume(request.resume.checkpointId, running);
    ctx.onControl((control) => applyControl(control, running, active, emit));
    ctx.token.attach(running);
    await sampler?.send(0);
    const outcome = await running.run();
    ctx.token.attach(null);
    await sampler?.send(running.steps);
    if (outcome === 'finished' && active instanceof CnnWorkload && lastEval) await keepAsJudge(active, config, lastEval, emit);
    emit({ type: 'state', state: outcome === 'finished' ? 'finished' : 'stopped' });
  } catch (err) {
    throw recovery ? recovery.failure(err, loop?.steps ?? 0, plan) : RunRecovery.outOfMemory(err, 0, config, plan);
  } finally {
    judge?.dispose();
    workload?.dispose();
    recovery?.release();
  }
}

function applyControl(control: TrainingControl, loop: TrainingLoop, workload: TrainingWorkload, emit: (event: TrainingEvent) => void): void {
  switch (control.action) {
    case 'pause':
      return loop.pause();
    case 'resume':
      return loop.resume();
    case 'step':
      return loop.stepOnce(control.part);
    case 'evaluate':
      return void evaluateNow(loop, workload, emit);
    default:
      return control satisfies never;
  }
}

async function evaluateNow(loop: TrainingLoop, workload: TrainingWorkload, emit: (event: TrainingEvent) => void): Promise<void> {
  if (!workload.evaluate) return;
  try {
    emit({ type: 'eval', point: await workload.evaluate(loop.steps, Math.ceil(loop.steps / workload.info.stepsPerEpoch)) });
  } catch (err) {
    emit({ type: 'warning', message: `Evaluation failed: ${errorMessage(err)}` });
  }
}

/** A finished classifier good enough to judge generated images is kept for the GAN's quality score. */
async function keepAsJudge(cnn: CnnWorkload, config: RunConfig, evalPoint: EvalPoint, emit: (event: TrainingEvent) => void): Promise<void> {
  try {
    if (await saveJudge(cnn.model, config.dataset, evalPoint.testAccuracy)) {
      emit({ type: 'warning', message: `Saved this ${config.dataset} classifier (${(evalPoint.testAccuracy * 100).toFixed(1)}% test accuracy) to judge GAN samples.` });
    }
  } catch (err) {
    emit({ type: 'warning', message: `Could not keep the classifier for the GAN score: ${errorMessage(err)}` });
  }
}
