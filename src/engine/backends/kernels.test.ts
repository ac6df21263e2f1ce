import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertCanTrain } from './kernels';
import { msg } from '../../i18n/message';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('assertCanTrain', () => {
  const conv = () =>
    tf.sequential({ layers: [tf.layers.conv2d({ inputShape: [8, 8, 1], filters: 2, kernelSize: 3 }), tf.layers.flatten(), tf.layers.dense({ units: 2 })] });

  it('passes on a backend that has every gradient kernel', () => {
    const model = conv();
    expect(() => assertCanTrain([model], 'cpu')).not.toThrow();
    model.dispose();
  });

  it('names the missing kernel and the layer that needs it', () => {
    const model = conv();
    // No kernels are registered under this name, as for convolutions on tfjs-backend-wasm 4.22.
    expect(() => assertCanTrain([model], 'no-such-backend')).toThrow(
      expect.objectContaining({
        said: msg('engine.backend.missingKernels', { backend: 'no-such-backend', kernels: 'Conv2DBackpropFilter (Conv2D), Conv2DBackpropInput (Conv2D)' }),
      }),
    );
    model.dispose();
  });
});
