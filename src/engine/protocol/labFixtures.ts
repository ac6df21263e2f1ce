import type { BackendName } from '../../config/backends';
import type { BatchSweepPoint, MatmulSweepPoint, RaceRow } from './lab';

/** Small hand-made results for the pure tests of folding and formatting. */
export function raceRow(backend: BackendName, medianStepMs: number, batchSize = 32): RaceRow {
  return {
    backend,
    modelLabel: 'Tiny CNN',
    batchSize,
    warmupSteps: 1,
    firstStepMs: 10 * medianStepMs,
    medianStepMs,
    p90StepMs: 1.2 * medianStepMs,
    minStepMs: 0.9 * medianStepMs,
    maxStepMs: 1.5 * medianStepMs,
    measuredSteps: 3,
    examplesPerSec: (batchSize * 1000) / medianStepMs,
    gflops: 1.25,
    peakBytes: 8 * 1024 * 1024,
    gpuBytes: backend === 'cpu' ? null : 16 * 1024 * 1024,
    numTensors: 30,
    flags: {},
  };
}

export function matmulAt(backend: BackendName, size: number, gflops: number): MatmulSweepPoint {
  const flops = 2 * size ** 3;
  const medianMs = flops / (gflops * 1e6);
  return { backend, size, flops, medianMs, p90Ms: medianMs, minMs: medianMs, gflops, readBackBytes: size * size * 4 };
}

export function batchAt(backend: BackendName, batchSize: number, examplesPerSec: number): BatchSweepPoint {
  const medianStepMs = (batchSize * 1000) / examplesPerSec;
  return { ...raceRow(backend, medianStepMs, batchSize), batchSize };
}
