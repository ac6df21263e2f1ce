/**
 * The TensorBoard log of a real (short) run, checked by Python: the tiny CNN trains a few steps on the backend
 * already set (the export check's wasm), its weight histograms are taken as the worker takes them, the log is built
 * by the page's own runLogOf, and scripts/tensorboard/check_events.py reads it back: its own framing and CRC reader
 * always, TensorBoard's EventAccumulator where `tensorboard` imports.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import type { CnnRunConfig } from '../../src/config/cnnConfig';
import type { ImageDataset } from '../../src/data/types';
import type { MetricsPoint, WeightHistograms } from '../../src/engine/protocol/training';
import { CnnWorkload } from '../../src/engine/workloads/cnnWorkload';
import { weightHistograms } from '../../src/engine/workloads/weightHistograms';
import { runLogOf } from '../../src/share/tensorboard/fromRun';
import { tensorboardFileName, tensorboardLog } from '../../src/share/tensorboard/runLog';
import { expectedOf } from './expected';

const STEPS = 6;
const HISTOGRAM_EVERY = 3;
const CHECK = path.resolve('scripts/tensorboard/check_events.py');

async function trainAndLog(config: CnnRunConfig, data: ImageDataset) {
  const workload = CnnWorkload.create(config, data, tf.getBackend() as CnnRunConfig['backend'], {});
  try {
    const metrics: MetricsPoint[] = [];
    const histograms: WeightHistograms[] = [];
    for (let step = 1; step <= STEPS; step++) {
      const started = performance.now();
      const scalars = workload.step();
      const values = Object.fromEntries(await Promise.all(Object.entries(scalars).map(async ([name, t]) => [name, (await t.data())[0]] as const)));
      tf.dispose(Object.values(scalars));
      const stepMs = performance.now() - started;
      const memory = tf.memory();
      metrics.push({ step, epoch: 1, stepsInWindow: 1, scalars: values, warmup: step === 1, stepMs, examplesPerSec: (workload.examplesPerStep * 1000) / stepMs, gflops: workload.flopsPerStep / (stepMs * 1e6), bytes: memory.numBytes, gpuBytes: null, numTensors: memory.numTensors });
      if (step % HISTOGRAM_EVERY === 0) histograms.push((await weightHistograms(workload, step)) as WeightHistograms);
    }
    const evals = [await workload.evaluate(STEPS, 1)];
    return runLogOf({ config, info: workload.info, metrics, evals, histograms, startedAt: Date.now(), device: { 'tfjs-core': tf.version_core, backend: tf.getBackend() } });
  } finally {
    workload.dispose();
  }
}

/** Writes the log and its EXPECTED.json into `dir` and runs the Python check; its output, or an error with it. */
export async function checkRealRunLog(python: string, config: CnnRunConfig, data: ImageDataset, dir: string): Promise<string> {
  const log = await trainAndLog(config, data);
  const name = tensorboardFileName(log.startedAt);
  writeFileSync(path.join(dir, name), tensorboardLog(log));
  writeFileSync(path.join(dir, 'expected.json'), JSON.stringify(expectedOf(log, name)));
  const { stdout } = await promisify(execFile)(python, [CHECK, path.join(dir, name), path.join(dir, 'expected.json')], { timeout: 300_000 });
  return stdout;
}
