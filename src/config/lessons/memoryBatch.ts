import { step, type Lesson } from './types';

export const memoryBatch: Lesson = {
  title: 'Memory and batch size',
  steps: [
    step(
      'lab',
      { model: 'tiny', batchFrom: 16, batchTo: 512, warmupSteps: 1, measuredSteps: 5, backends: ['cpu', 'webgl', 'webgpu'] },
      ['settings', 'batch'],
      'A batch is how many images one training step works on. Run the batch sweep: throughput grows with the batch until the parallel lanes are full, while memory grows in proportion to the batch.',
    ),
    step(
      'train',
      { model: 'classic', batchSize: 512, epochs: 1, trainExamples: 10_240, testExamples: 1_000 },
      ['setup', 'stats', 'chart-memory'],
      'Train with batch 512 and watch the memory chart: the bytes on the GPU rise at the first step, then stay flat. A flat tensor count means nothing leaks; a count that grows every step is a leak, and the page raises an alarm.',
    ),
    step(
      'train',
      { model: 'classic', batchSize: 16, epochs: 1, trainExamples: 10_240, testExamples: 1_000 },
      ['setup', 'stats', 'chart-memory', 'chart-throughput'],
      'Now batch 16: far less memory, and fewer examples per second, because each step launches the same kernels for less work. The largest batch that fits is the memory budget.',
    ),
  ],
};
