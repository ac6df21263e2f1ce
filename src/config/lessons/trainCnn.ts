import { step, type Lesson } from './types';

export const trainCnn: Lesson = {
  title: 'Train the classic CNN on your GPU',
  steps: [
    step(
      'train',
      { model: 'classic', dataset: 'mnist', batchSize: 64, epochs: 1, trainExamples: 12_000, testExamples: 2_000 },
      ['setup', 'stats'],
      'The classic Keras MNIST network: three convolutions, one dense layer, 93,322 weights. Pick WebGL or WebGPU and press Train: it learns to read handwritten digits on this laptop, with no server.',
    ),
    step(
      'train',
      {},
      ['stats', 'chart-loss', 'chart-accuracy'],
      'The loss falls as the weights move downhill, batch by batch; the test accuracy at the end of each epoch is measured on images the network has never seen. Above 95% after one epoch is normal.',
    ),
    step(
      'train',
      {},
      ['stats', 'chart-throughput', 'chart-step-time'],
      'Throughput: examples per second, and GFLOP/s from counting every multiply-add of the network (a training step is about 3× the forward pass). The first step is slow because the GPU compiles its shaders then.',
    ),
    step(
      'inspect',
      {},
      ['summary', 'confusion'],
      'Look inside: the summary lists each layer, its weights and its arithmetic; the confusion matrix shows which digits the trained network still mixes up (a 4 read as a 9 is the classic).',
    ),
  ],
};
