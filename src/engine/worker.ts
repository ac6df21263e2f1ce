/// <reference lib="webworker" />
import type * as tf from '@tensorflow/tfjs';
import { TRAIN_SET_SIZE, type RunConfig } from '../config/runConfig';
import { createFetchReader } from '../data/browserReader';
import { activateBackend, reportedFlags } from './backends/activate';
import { detectBackends, errorMessage } from './backends/detect';
import { runBenchmark } from './benchmark';
import { DatasetCache } from './datasetCache';
import type { EvalPoint, WorkerCommand, WorkerEvent } from './protocol';
import { loadJudge, saveJudge } from './gan/judge';
import { SamplePacer } from './gan/samplePacer';
import { TrainingLoop } from './trainingLoop';
import { CnnWorkload } from './workloads/cnnWorkload';
import { GanWorkload } from './workloads/ganWorkload';
import type { TrainingWorkload } from './workloads/types';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** Sample pixels are transferred, not copied. */
const post = (event: WorkerEvent) => scope.postMessage(event, event.type === 'samples' ? [event.samples.pixels.buffer] : []);

const dataRoot = new URL(`${import.meta.env.BASE_URL}data/`, scope.location.origin).href;
const datasets = new DatasetCache(createFetchReader(dataRoot));
let loop: TrainingLoop | null = null;
let workload: TrainingWorkload | null = null;
/** Serialises runs: a new start waits until the previous run has released its tensors. */
let current: Promise<void> = Promise.resolve();

async function buildWorkload(config: RunConfig): Promise<TrainingWorkload> {
  const backend = await activateBackend(config.backend);
  const limits = config.workload === 'cnn' ? { train: config.trainExamples, test: config.testExamples } : { train: TRAIN_SET_SIZE, test: 0 };
  const data = await datasets.get(config.dataset, limits, (fraction, message) => post({ type: 'progress', fraction, message }));
  post({ type: 'progress', fraction: 1, message: `Uploading data to ${backend}…` });
  const flags = reportedFlags(backend);
  if (config.workload === 'gan') return GanWorkload.create(config, data, backend, flags);
  return CnnWorkload.create(config, data, backend, flags);
}

async function train(config: RunConfig): Promise<void> {
  post({ type: 'state', state: 'loading' });
  let judge: tf.LayersModel | null = null;
  try {
    workload = await buildWorkload(config);
    post({ type: 'runInfo', info: workload.info });
    const active = workload;
    let lastEval: EvalPoint | null = null;
    let sampler: SamplePacer | null = null;
    if (active.samples) {
      const loaded = await loadJudge(config.dataset);
      judge = loaded.model;
      sampler = new SamplePacer(active, judge, loaded.note, post);
    }
    loop = new TrainingLoop(active, {
      onState: (state) => post({ type: 'state', state }),
      onFirstStep: (ms) => post({ type: 'firstStep', ms }),
      onMetrics: (point) => post({ type: 'metrics', points: [point] }),
      onEpochEnd: async (epoch, step) => {
        if (!active.evaluate) return;
        lastEval = await active.evaluate(step, epoch);
        post({ type: 'eval', point: lastEval });
      },
      afterWindow: async (step) => sampler?.maybeSend(step),
    });
    await sampler?.send(0);
    const outcome = await loop.run();
    await sampler?.send(loop.steps);
    if (outcome === 'finished' && active instanceof CnnWorkload && lastEval) await keepAsJudge(active, config, lastEval);
    post({ type: 'state', state: outcome === 'finished' ? 'finished' : 'stopped' });
  } catch (err) {
    post({ type: 'error', message: errorMessage(err) });
    post({ type: 'state', state: 'error' });
  } finally {
    loop = null;
    judge?.dispose();
    workload?.dispose();
    workload = null;
  }
}

/** A finished classifier good enough to judge generated images is kept for the GAN's quality score. */
async function keepAsJudge(cnn: CnnWorkload, config: RunConfig, evalPoint: EvalPoint): Promise<void> {
  try {
    if (await saveJudge(cnn.model, config.dataset, evalPoint.testAccuracy)) {
      post({ type: 'warning', message: `Saved this ${config.dataset} classifier (${(evalPoint.testAccuracy * 100).toFixed(1)}% test accuracy) to judge GAN samples.` });
    }
  } catch (err) {
    post({ type: 'warning', message: `Could not keep the classifier for the GAN score: ${errorMessage(err)}` });
  }
}

async function evaluateNow(): Promise<void> {
  const active = workload;
  if (!active?.evaluate || !loop) return;
  try {
    post({ type: 'eval', point: await active.evaluate(loop.steps, Math.ceil(loop.steps / active.info.stepsPerEpoch)) });
  } catch (err) {
    post({ type: 'error', message: errorMessage(err) });
  }
}

scope.onmessage = (event: MessageEvent<WorkerCommand>) => {
  const command = event.data;
  switch (command.type) {
    case 'detect':
      void detectBackends().then((backends) => post({ type: 'backends', backends }));
      break;
    case 'start':
      loop?.stop();
      current = current.then(() => train(command.config));
      break;
    case 'pause':
      loop?.pause();
      break;
    case 'resume':
      loop?.resume();
      break;
    case 'step':
      loop?.stepOnce(command.part);
      break;
    case 'stop':
      loop?.stop();
      break;
    case 'evaluate':
      void evaluateNow();
      break;
    case 'benchmark':
      loop?.stop();
      current = current.then(async () => {
        try {
          const rows = await runBenchmark(command, (config) => buildWorkload(config));
          post({ type: 'benchmark', rows });
        } catch (err) {
          post({ type: 'error', message: errorMessage(err) });
        }
      });
      break;
  }
};
