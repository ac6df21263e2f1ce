import { describe, expect, it } from 'vitest';
import { encodeCheckpoint, headerOf } from '../engine/protocol/checkpointFormat';
import { sampleCnnCheckpoint, sampleGanCheckpoint } from '../engine/protocol/checkpointFixtures';
import { NO_PRIOR, priorBefore, priorCurvesOf, priorCurvesOfFile } from './priorCurves';

const bytesOf = (checkpoint: Parameters<typeof encodeCheckpoint>[0]) => encodeCheckpoint(checkpoint).buffer as ArrayBuffer;

describe('a continued run’s prior curves', () => {
  it('a CNN checkpoint: its loss curve under `loss`', () => {
    expect(priorCurvesOf(headerOf(sampleCnnCheckpoint()))).toEqual({ loss: [[1, 2.3], [60, 0.8], [120, 0.31]] });
  });

  it('a GAN checkpoint: its D and G loss curves under `dLoss` and `gLoss`', () => {
    expect(priorCurvesOf(headerOf(sampleGanCheckpoint()))).toEqual({ dLoss: [[1, 1.4], [50, 1.1]], gLoss: [[1, 0.7], [50, 0.9]] });
  });

  it('reads them from a file’s bytes; a file the validator refuses gives none, never throws', () => {
    expect(priorCurvesOfFile(bytesOf(sampleGanCheckpoint()))).toEqual({ dLoss: [[1, 1.4], [50, 1.1]], gLoss: [[1, 0.7], [50, 0.9]] });
    expect(priorCurvesOfFile(bytesOf(sampleCnnCheckpoint()))).toEqual({ loss: [[1, 2.3], [60, 0.8], [120, 0.31]] });
    expect(priorCurvesOfFile(bytesOf(sampleGanCheckpoint()).slice(0, 40))).toBe(NO_PRIOR);
    expect(priorCurvesOfFile(new ArrayBuffer(0))).toBe(NO_PRIOR);
  });

  it('keeps a scalar’s finite points before the run’s own first step', () => {
    const prior = { dLoss: [[1, 1.4], [2, NaN], [50, 1.1], [51, 9]] as [number, number][] };
    expect(priorBefore(prior, 'dLoss', 51)).toEqual([[1, 1.4], [50, 1.1]]);
    expect(priorBefore(prior, 'gLoss', 51)).toEqual([]);
    expect(priorBefore(undefined, 'loss', 10)).toEqual([]);
  });
});
