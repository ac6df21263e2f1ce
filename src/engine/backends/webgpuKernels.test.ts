import { SHIPPED_IMAGE_SHAPE } from '../../config/imageShape';
import * as tf from '@tensorflow/tfjs';
import { backend_util } from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CNN_MODELS } from '../../models/registry';
import { GAN_MODELS } from '../../models/gan/registry';
import { filterGradientViaConv } from './filterGradient';
import { registerWebgpuTrainingKernels, usesConvFilterGradient } from './webgpuKernels';

/** The convolution a layer runs, as the engine computes it for its gradient (batch 1). */
function layerConv(layer: tf.layers.Layer): backend_util.Conv2DInfo {
  const config = layer.getConfig() as { strides: number[]; padding: 'same' | 'valid'; dilationRate: number[]; kernelSize: number[]; filters: number };
  const [, h, w, c] = (layer.input as tf.SymbolicTensor).shape as number[];
  const filter: [number, number, number, number] = [config.kernelSize[0], config.kernelSize[1], c, config.filters];
  return backend_util.computeConv2DInfo([1, h, w, c], filter, config.strides as [number, number], config.dilationRate as [number, number], config.padding);
}

const convLayers = (model: tf.LayersModel) => model.layers.filter((l) => l.getClassName() === 'Conv2D');

describe('which WebGPU filter gradients take the forward convolution', () => {
  it('every CNN’s convolution (stride 1, measured faster on an H200) does; the DCGAN’s stride-2 ones keep the shipped kernel', () => {
    const cnnLayers = Object.values(CNN_MODELS).flatMap((spec) => convLayers(spec.build(1, 10, SHIPPED_IMAGE_SHAPE)));
    expect(cnnLayers.length).toBeGreaterThanOrEqual(8);
    for (const layer of cnnLayers) expect(usesConvFilterGradient(layerConv(layer)), layer.name).toBe(true);
    const discriminator = GAN_MODELS.dcgan.buildDiscriminator(1);
    const ganLayers = convLayers(discriminator);
    expect(ganLayers.length).toBeGreaterThan(0);
    for (const layer of ganLayers) expect(usesConvFilterGradient(layerConv(layer)), layer.name).toBe(false);
  });

  it('a dilated or channels-first convolution keeps the shipped kernel', () => {
    expect(usesConvFilterGradient(backend_util.computeConv2DInfo([1, 9, 9, 2], [3, 3, 2, 4], 1, 2, 'valid'))).toBe(false);
    expect(usesConvFilterGradient(backend_util.computeConv2DInfo([1, 2, 9, 9], [3, 3, 2, 4], 1, 1, 'valid', undefined, false, 'channelsFirst'))).toBe(false);
  });
});

describe('the filter gradient as one forward convolution, on any backend', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  // The CNNs' layers at small batches, 'valid' as they are and 'same' to prove the padding.
  const CASES = [
    { name: 'tiny conv1', x: [4, 28, 28, 1], k: 3, o: 8, pad: 'valid' },
    { name: 'classic conv2', x: [2, 13, 13, 32], k: 3, o: 64, pad: 'valid' },
    { name: 'classic conv3', x: [3, 5, 5, 64], k: 3, o: 64, pad: 'valid' },
    { name: 'a same-padded 5x5', x: [2, 9, 7, 3], k: 5, o: 4, pad: 'same' },
  ] as const;

  for (const c of CASES) {
    it(`${c.name}: agrees with the cpu backend’s own kernel and frees what it made`, () => {
      const backend = tf.backend();
      const xShape: [number, number, number, number] = [...c.x];
      const x = tf.randomNormal(xShape, 0, 1, 'float32', 7);
      const info = backend_util.computeConv2DInfo(xShape, [c.k, c.k, c.x[3], c.o], 1, 1, c.pad);
      const dy = tf.randomNormal(info.outShape, 0, 1, 'float32', 8);
      const attrs = { strides: 1, pad: c.pad, dataFormat: 'NHWC', filterShape: info.filterShape };
      // runKernel's attr type is a loose map; these are exactly Conv2DBackpropFilterAttrs.
      const expected = tf.engine().runKernel('Conv2DBackpropFilter', { x, dy }, attrs as unknown as tf.NamedAttrMap) as tf.Tensor;
      const dataBefore = backend.numDataIds();
      const out = filterGradientViaConv('cpu')({ inputs: { x, dy }, attrs: attrs as unknown as tf.NamedAttrMap, backend });
      const result = tf.engine().makeTensorFromTensorInfo(out as tf.TensorInfo);
      expect(result.shape).toEqual(info.filterShape);
      const want = expected.dataSync();
      const got = result.dataSync();
      let maxDiff = 0;
      let maxRef = 1e-12;
      want.forEach((v, i) => {
        maxDiff = Math.max(maxDiff, Math.abs(got[i] - v));
        maxRef = Math.max(maxRef, Math.abs(v));
      });
      expect(maxDiff / maxRef).toBeLessThan(1e-5);
      // Only the result stays: every transpose, pad and the convolution's output were freed.
      expect(backend.numDataIds()).toBe(dataBefore + 1);
      tf.dispose([x, dy, expected, result]);
    });
  }
});

describe('registerWebgpuTrainingKernels', () => {
  it('puts the dispatcher in front of the shipped kernel once, keeping its setup and dispose', async () => {
    await import('@tensorflow/tfjs-backend-webgpu');
    const shipped = tf.getKernel('Conv2DBackpropFilter', 'webgpu');
    expect(shipped).toBeDefined();
    registerWebgpuTrainingKernels();
    const registered = tf.getKernel('Conv2DBackpropFilter', 'webgpu');
    expect(registered?.kernelFunc).not.toBe(shipped?.kernelFunc);
    expect(registered?.setupFunc).toBe(shipped?.setupFunc);
    expect(registered?.disposeFunc).toBe(shipped?.disposeFunc);
    registerWebgpuTrainingKernels();
    expect(tf.getKernel('Conv2DBackpropFilter', 'webgpu')).toBe(registered);
  });
});
