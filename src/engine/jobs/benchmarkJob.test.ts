import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultGanConfig } from '../../config/ganConfig';
import { defaultCnnConfig } from '../../config/cnnConfig';
import { type RunConfig } from '../../config/workloads';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { BACKEND_RUNTIMES } from '../backends/registry';
import { runBenchmark } from './benchmarkJob';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { GanWorkload } from '../workloads/ganWorkload';

let mnist: ImageDataset;

beforeAll(async () => {
  await tf.setBackend('cpu');
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 640, test: 100 });
});

describe('runBenchmark', () => {
  it('times the app loop and the bare loop in alternating rounds and frees every tensor', async () => {
    const config = { ...defaultCnnConfig(), backend: 'cpu' as const, model: 'mlp' as const, batchSize: 32, trainExamples: 640, testExamples: 100 };
    let builds = 0;
    const before = tf.memory().numTensors;
    const rows = await runBenchmark(
      { kind: 'benchmark', config, warmupSteps: 2, measuredSteps: 4, includeBareLoop: true, rounds: 2 },
      async (c: RunConfig) => {
        builds += 1;
        if (c.workload !== 'cnn') throw new Error('cnn only');
        return CnnWorkload.create(c, mnist, 'cpu', {});
      },
    );
    expect(builds).toBe(4);
    expect(tf.memory().numTensors).toBe(before);
    expect(rows.map((r) => r.loop)).toEqual(['app', 'bare']);
    for (const row of rows) {
      expect(row.backend).toBe('cpu');
      expect(row.medianStepMs).toBeGreaterThan(0);
      expect(row.p90StepMs).toBeGreaterThanOrEqual(row.medianStepMs);
      expect(row.examplesPerSec).toBeGreaterThan(0);
      // GFLOP/s and examples/s describe the same steps: their ratio is the FLOPs per example.
      expect((row.gflops * 1e9) / row.examplesPerSec).toBeCloseTo(3 * 2 * (784 * 128 + 128 * 10) + 3 * (128 + 10 + 128 + 10), -3);
    }
  });
});

// On wasm: the MLP GAN's 2 million parameters take seconds a step on the plain-JS cpu backend; the loops are the point.
describe('runBenchmark on the MLP GAN (wasm)', () => {
  beforeAll(async () => {
    await BACKEND_RUNTIMES.wasm.load();
    expect(await tf.setBackend('wasm')).toBe(true);
  });

  it('times the GAN workload against a bare Keras-style GAN loop and frees every tensor', async () => {
    const config = { ...defaultGanConfig(), backend: 'wasm' as const, batchSize: 8 };
    const before = tf.memory().numTensors;
    const rows = await runBenchmark({ kind: 'benchmark', config, warmupSteps: 1, measuredSteps: 2, includeBareLoop: true, rounds: 2 }, async (c: RunConfig) => {
      if (c.workload !== 'gan') throw new Error('gan only');
      return GanWorkload.create(c, mnist, 'wasm', {});
    });
    expect(tf.memory().numTensors).toBe(before);
    expect(rows.map((r) => r.loop)).toEqual(['app', 'bare']);
    for (const row of rows) {
      expect(row.backend).toBe('wasm');
      expect(row.examplesPerSec).toBeGreaterThan(0);
    }
  });
});
