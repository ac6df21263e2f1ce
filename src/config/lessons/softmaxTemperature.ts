import { step, type Lesson } from './types';

export const softmaxTemperature: Lesson = {
  title: 'Softmax temperature: how sure is the network?',
  steps: [
    step(
      'train',
      { model: 'tiny', batchSize: 32, learningRate: 0.01, epochs: 2, trainExamples: 4_000, testExamples: 1_000 },
      ['setup', 'stats', 'chart-accuracy'],
      'First a quick network: the tiny CNN on 4,000 images for two epochs, about a minute even on a CPU. Press Train and wait for the test accuracy.',
    ),
    step(
      'inspect',
      { temperature: 1 },
      ['draw'],
      'Draw a digit with the mouse, a pen or a finger. The bars are the softmax: one probability per class, summing to 1. At temperature 1 they are the network as trained.',
    ),
    step(
      'inspect',
      { temperature: 0.2 },
      ['draw'],
      'Temperature 0.2 divides every logit by 0.2, that is multiplies it by 5, before the softmax: the top class takes almost everything. Low temperature makes a model sound sure, and a text model that samples from it repetitive.',
    ),
    step(
      'inspect',
      { temperature: 5 },
      ['draw'],
      'Temperature 5 flattens the bars toward 10% each: the ranking is the same, the confidence is gone. High temperature makes sampling adventurous. Move the slider and watch the bars change.',
    ),
  ],
};
