/// <reference lib="webworker" />
import type { RunConfig } from '../config/runConfig';
import { createFetchReader } from '../data/browserReader';
import { activateBackend, reportedFlags } from './backends/activate';
import { detectBackends, errorMessage } from './backends/detect';
import { runBenchmark } from './benchmark';
import { DatasetCache } from './datasetCache';
import type { WorkerCommand, WorkerEvent } from './protocol';
import { TrainingLoop } from './trainingLoop';
import { CnnWorkload } from './workloads/cnnWorkload';
import type { TrainingWorkload } from './workloads/types';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (event: WorkerEvent) => scope.postMessage(event);

const dataRoot = new URL(`${import.meta.env.BASE_URL}data/`, scope.location.origin).href;
const datasets = new DatasetCache(createFetchReader(dataRoot));
let loop: TrainingLoop | null = null;
let workload: TrainingWorkload | null = null;
/** Serialises runs: a new start waits until the previous run has released its tensors. */
let current: Promise<void> = Promise.resolve();

async function buildWorkload(config: RunConfig): Promise<TrainingWorkload> {
  const backend = await activateBackend(config.backend);
  const data = await datasets.get(config.dataset, { train: config.trainExamples, test: config.testExamples }, (fraction, message) =>
    post({ type: 'progress', fraction, message }),
  );
  post({ type: 'progress', fraction: 1, message: `Uploading data to ${backend}…` });
  return CnnWorkload.create(config, data, backend, reportedFlags(backend));
}

async function train(config: RunConfig): Promise<void> {
  post({ type: 'state', state: 'loading' });
  try {
    workload = await buildWorkload(config);
    post({ type: 'runInfo', info: workload.info });
    const active = workload;
    loop = new TrainingLoop(active, {
      onState: (state) => post({ type: 'state', state }),
      onFirstStep: (ms) => post({ type: 'firstStep', ms }),
      onMetrics: (point) => post({ type: 'metrics', points: [point] }),
      onEpochEnd: async (epoch, step) => {
        if (active.evaluate) post({ type: 'eval', point: await active.evaluate(step, epoch) });
      },
    });
    const outcome = await loop.run();
    post({ type: 'state', state: outcome === 'finished' ? 'finished' : 'stopped' });
  } catch (err) {
    post({ type: 'error', message: errorMessage(err) });
    post({ type: 'state', state: 'error' });
  } finally {
    loop = null;
    workload?.dispose();
    workload = null;
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
      loop?.stepOnce();
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
