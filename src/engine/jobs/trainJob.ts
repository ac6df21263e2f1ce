import type * as tf from '@tensorflow/tfjs';
import type { RunConfig } from '../../config/workloads';
import { errorMessage } from '../backends/runtime';
import { checkpointRun, continueFrom, ganExportOf, readTrainRequest, RunSummary } from '../checkpoints/runCheckpoint';
import { loadJudge, saveJudge } from '../gan/judge';
import { SamplePacer } from '../gan/samplePacer';
import type { RequestOf } from '../protocol/jobs';
import type { EvalPoint, TrainingControl, TrainingEvent } from '../protocol/training';
import { TrainingLoop } from '../trainingLoop';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { GanWorkload } from '../workloads/ganWorkload';
import type { TrainingWorkload } from '../workloads/types';
import { buildWorkload } from './buildWorkload';
import type { EngineJobContext } from './types';

/** Trains one CNN or GAN run to its end (or until stopped), taking pause / resume / step / evaluate while it runs. */
export async function runTrainJob(request: RequestOf<'train'>, ctx: EngineJobContext): Promise<void> {
  const { config, resume } = readTrainRequest(request);
  const emit = (event: TrainingEvent) => ctx.emit(event);
  emit({ type: 'state', state: 'loading' });
  let judge: tf.LayersModel | null = null;
  let workload: TrainingWorkload | null = null;
  try {
    workload = await buildWorkload(config, ctx.host, emit);
    emit({ type: 'runInfo', info: workload.info });
    const active = workload;
    const startStep = resume ? continueFrom(active, resume) : 0;
    // A run that starts replaces the model kept from the last one (a refused one leaves it).
    ctx.host.lastRun.clear();
    const summary = new RunSummary(resume);
    let lastEval: EvalPoint | null = null;
    let sampler: SamplePacer | null = null;
    if (active.samples) {
      const loaded = await loadJudge(config.dataset);
      judge = loaded.model;
      sampler = new SamplePacer(active, judge, loaded.note, emit);
    }
    const loop = new TrainingLoop(active, {
      onState: (state) => emit({ type: 'state', state }),
      onFirstStep: (ms) => emit({ type: 'firstStep', ms }),
      onMetrics: (point) => {
        summary.loss(point.step, point.scalars.loss);
        emit({ type: 'metrics', points: [point] });
      },
      onEpochEnd: async (epoch, step) => {
        if (!active.evaluate) return;
        lastEval = await active.evaluate(step, epoch);
        summary.evaluated(lastEval);
        emit({ type: 'eval', point: lastEval });
      },
      afterWindow: async (step) => sampler?.maybeSend(step),
    });
    loop.startAt(startStep);
    ctx.onControl((control) => applyControl(control, loop, active, emit));
    ctx.token.attach(loop);
    await sampler?.send(0);
    const outcome = await loop.run();
    ctx.token.attach(null);
    await sampler?.send(loop.steps);
    if (outcome === 'finished' && active instanceof CnnWorkload && lastEval) await keepAsJudge(active, config, lastEval, emit);
    try {
      if (active instanceof CnnWorkload && config.workload === 'cnn' && loop.steps > 0) ctx.host.lastRun.keep(await checkpointRun(active, config, loop.steps, summary));
      if (active instanceof GanWorkload && config.workload === 'gan' && loop.steps > 0) ctx.host.lastRun.keepGan(await ganExportOf(active, config, ctx.host));
    } catch (err) {
      emit({ type: 'warning', message: `Could not keep the trained model for saving and export: ${errorMessage(err)}` });
    }
    emit({ type: 'state', state: outcome === 'finished' ? 'finished' : 'stopped' });
  } finally {
    judge?.dispose();
    workload?.dispose();
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
