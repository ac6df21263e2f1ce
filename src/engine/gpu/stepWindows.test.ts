import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { ENGINE_WINDOWS_IN_FLIGHT } from '../../config/tunables';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { TrainingLoop } from '../trainingLoop';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { GanWorkload } from '../workloads/ganWorkload';
import type { TrainingWorkload, WindowAhead } from '../workloads/types';
import type { StepPart } from '../protocol/training';
import { defaultGanConfig, type GanRunConfig } from '../../config/ganConfig';
import { GpuArena } from './arena';
import { ReadbackRing } from './readback';
import { dawnDevice } from './testing/dawn';

let device: GPUDevice;
let mnist: ImageDataset;

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 400, test: 100 });
});

/** Records one window's end as a step would: an (empty) timed pass, then `values` copied into the ring. */
function recordWindow(ring: ReadbackRing, source: GPUBuffer, values: number[]): void {
  device.queue.writeBuffer(source, 0, Float32Array.from(values));
  const encoder = device.createCommandEncoder();
  const writes = ring.timestampWrites(true, true);
  encoder.beginComputePass(writes ? { timestampWrites: writes } : {}).end();
  ring.copy(encoder, source);
  device.queue.submit([encoder.finish()]);
}

describe("the engine's read-back ring", () => {
  it('holds two windows in flight, reads them in the order they were recorded, and refuses a third', async () => {
    expect(ENGINE_WINDOWS_IN_FLIGHT).toBeGreaterThanOrEqual(2);
    const arena = new GpuArena(device);
    try {
      const source = arena.buffer('scratch', 'sums', 8);
      const ring = new ReadbackRing(arena, 'test', 8);
      recordWindow(ring, source, [1, 2]);
      recordWindow(ring, source, [3, 4]);
      expect(ring.inFlight).toBe(2);
      expect(() => recordWindow(ring, source, [5, 6])).toThrow('More windows in flight than the 2 read-back slots.');
      const first = await ring.read();
      // The slot being read is free again once read: a window recorded now goes into it.
      recordWindow(ring, source, [5, 6]);
      const second = await ring.read();
      const third = await ring.read();
      expect([first, second, third].map((w) => Array.from(w.sums))).toEqual([[1, 2], [3, 4], [5, 6]]);
      // Dawn here has timestamp-query: each window carries its start and end on the GPU's clock, in order.
      expect(ring.timed).toBe(device.features.has('timestamp-query'));
      if (ring.timed) {
        const clocks = [first, second, third].map((w) => w.clockNs);
        for (const c of clocks) expect(c && c.end >= c.start).toBe(true);
        expect(clocks[1]?.start).toBeGreaterThanOrEqual(clocks[0]?.end ?? Infinity);
        expect(clocks[2]?.start).toBeGreaterThanOrEqual(clocks[1]?.end ?? Infinity);
      }
    } finally {
      arena.destroy();
    }
  });

  it('reads nothing before a copy', async () => {
    const arena = new GpuArena(device);
    const ring = new ReadbackRing(arena, 'test', 4, 2);
    await expect(ring.read()).rejects.toThrow('ReadbackRing.read() before any copy.');
    arena.destroy();
  });
});

describe("the app's engine with a window recorded ahead of each read", () => {
  const CNN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 8, trainExamples: 400, testExamples: 100, learningRate: 0.01, seed: 5 };
  const GAN: GanRunConfig = { ...defaultGanConfig(), backend: 'cpu', batchSize: 8, seed: 5 };

  /** Trains `steps` steps through the app's loop in windows of 3 (then frees the workload): each window's mean scalars, how many windows were recorded ahead, the GPU's idle times. */
  async function windows(workload: CnnWorkload | GanWorkload, steps: number, runAhead: boolean, beforeFree: () => Promise<void> = async () => undefined) {
    const scalars: Record<string, number>[] = [];
    const ends: number[] = [];
    let aheads = 0;
    const runSteps = workload.runSteps?.bind(workload);
    const counted = Object.assign(Object.create(workload) as TrainingWorkload, {
      runSteps: (count: number, part?: StepPart, next?: WindowAhead) => {
        if (next) aheads += 1;
        return runSteps?.(count, part, next) ?? Promise.reject(new Error('no engine'));
      },
    });
    const loop = new TrainingLoop(
      counted,
      { onState: () => undefined, onFirstStep: () => undefined, onMetrics: (p) => (scalars.push(p.scalars), ends.push(p.step)), onEpochEnd: async () => undefined },
      { syncIntervalMs: 1e9, maxStepsPerSync: 3, runAhead },
    );
    await loop.run(steps);
    const gaps = workload.windowGaps?.() ?? null;
    await beforeFree();
    workload.dispose();
    return { scalars, ends, aheads, gaps };
  }

  it('trains the classifier exactly as without (the same windows, the same scalars bit for bit), and measures the GPU’s idle time between windows', async () => {
    const alone = await windows(CnnWorkload.create(CNN, mnist, 'cpu', {}, { engine: { device } }), 13, false);
    const overlapped = await windows(CnnWorkload.create(CNN, mnist, 'cpu', {}, { engine: { device } }), 13, true);
    expect(alone.aheads).toBe(0);
    expect(overlapped.aheads).toBeGreaterThanOrEqual(3);
    expect(overlapped.ends).toEqual(alone.ends);
    expect(overlapped.scalars).toEqual(alone.scalars);
    // One gap before each window after the first, on the GPU's clock (Dawn here has timestamp-query).
    expect(overlapped.gaps).toHaveLength(alone.ends.length - 1);
    for (const gap of overlapped.gaps ?? []) expect(gap).toBeGreaterThanOrEqual(0);
  });

  it('keeps a GAN’s data position and noise draws exact with a window recorded ahead', async () => {
    // A GAN step takes about a second on SwiftShader: the fewest steps that record a window ahead (1, then 3 with 1 ahead).
    const gan = GanWorkload.create(GAN, mnist, 'cpu', {}, { engine: { device } });
    let state: { streamPosition: number; noiseDraws: number } | null = null;
    const run = await windows(gan, 5, true, async () => void (state = await gan.captureState()));
    expect(run.aheads).toBe(1);
    expect(run.ends).toEqual([1, 4, 5]);
    // One real batch and two noise draws (the D step's, the G step's) per step, as five steps one by one make them.
    expect(state).toMatchObject({ streamPosition: 5, noiseDraws: 10 });
    // Its passes (several a step) write the window's clock once at its start and once at its end.
    expect(run.gaps).toHaveLength(2);
  });
});

