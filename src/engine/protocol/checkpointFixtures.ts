/** Checkpoints and byte surgery on them, for the tests of the checkpoint validator and its readers (never imported by the app). */
import { defaultCnnConfig } from '../../config/cnnConfig';
import { defaultGanConfig } from '../../config/ganConfig';
import { CHECKPOINT_MAGIC, type CnnCheckpoint, type GanCheckpoint } from './checkpointFormat';

/** A small CNN checkpoint: a few weights and Adam tensors of made-up values. */
export function sampleCnnCheckpoint(): CnnCheckpoint {
  return {
    createdAt: '2025-01-31T10:00:00.000Z',
    config: { ...defaultCnnConfig(), model: 'tiny', backend: 'webgl', batchSize: 32 },
    progress: { step: 120, epoch: 2, streamPosition: 120, optimizerIterations: 120 },
    summary: { lastLoss: 0.31, lastEval: { step: 100, testLoss: 0.3, testAccuracy: 0.91 }, curve: [[1, 2.3], [60, 0.8], [120, 0.31]] },
    tensors: [
      { name: 'conv1/kernel', group: 'weights', shape: [3, 3, 1, 2], values: Float32Array.from({ length: 18 }, (_, i) => i / 7 - 1) },
      { name: 'conv1/bias', group: 'weights', shape: [2], values: Float32Array.of(0.5, -0.25) },
      { name: 'adam/m/conv1/bias', group: 'optimizer', shape: [2], values: Float32Array.of(1e-3, -2e-3) },
      { name: 'adam/accBeta1', group: 'optimizer', shape: [], values: Float32Array.of(0.9 ** 121) },
    ],
  };
}

/** A small GAN checkpoint (latent size 2, four previews): both networks, both Adams, the preview noise. */
export function sampleGanCheckpoint(): GanCheckpoint {
  return {
    createdAt: '2025-01-31T10:00:00.000Z',
    config: { ...defaultGanConfig(), backend: 'webgl', latentSize: 2, batchSize: 16, steps: 200 },
    progress: { step: 50, epoch: 1, streamPosition: 50, noiseDraws: 100, generatorIterations: 50, discriminatorIterations: 50 },
    summary: { dLossCurve: [[1, 1.4], [50, 1.1]], gLossCurve: [[1, 0.7], [50, 0.9]] },
    tensors: [
      { name: 'generator/g_dense1/kernel', group: 'weights', shape: [2, 3], values: Float32Array.of(0.1, -0.2, 0.3, -0.4, 0.5, -0.6) },
      { name: 'generator/g_dense1/bias', group: 'weights', shape: [3], values: Float32Array.of(0.01, 0.02, 0.03) },
      { name: 'discriminator/d_logit/kernel', group: 'weights', shape: [3, 1], values: Float32Array.of(0.7, -0.8, 0.9) },
      { name: 'adam/generator/accBeta1', group: 'optimizer', shape: [], values: Float32Array.of(0.5 ** 51) },
      { name: 'adam/generator/m/g_dense1/bias', group: 'optimizer', shape: [3], values: Float32Array.of(1e-3, -2e-3, 3e-3) },
      { name: 'adam/discriminator/accBeta2', group: 'optimizer', shape: [], values: Float32Array.of(0.999 ** 51) },
      { name: 'previewNoise', group: 'state', shape: [4, 2], values: Float32Array.of(1, -1, 0.5, -0.5, 2, -2, 0.25, -0.25) },
    ],
  };
}

/** A file with this header text and tensor data behind the GPCK preamble. */
export function assembleCheckpoint(headerText: string, data: Uint8Array, version = 1): Uint8Array {
  const headerBytes = new TextEncoder().encode(headerText);
  const padded = Math.ceil(headerBytes.length / 4) * 4;
  const out = new Uint8Array(12 + padded + data.length);
  out.set([...CHECKPOINT_MAGIC].map((c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, version, true);
  new DataView(out.buffer).setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  out.set(data, 12 + padded);
  return out;
}

/** An encoded checkpoint's header text and the tensor bytes after it. */
export function splitCheckpoint(bytes: Uint8Array): { header: string; data: Uint8Array } {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  return { header: new TextDecoder().decode(bytes.subarray(12, 12 + length)), data: bytes.subarray(12 + Math.ceil(length / 4) * 4) };
}

/** The header of `base`, rewritten by `edit` (its return value, or the header it changed in place), re-encoded with the same tensor bytes. */
export function withHeader(base: Uint8Array, edit: (header: Record<string, unknown>) => unknown): Uint8Array {
  const { header: text, data } = splitCheckpoint(base);
  const header = JSON.parse(text) as Record<string, unknown>;
  return assembleCheckpoint(JSON.stringify(edit(header) ?? header), data);
}
