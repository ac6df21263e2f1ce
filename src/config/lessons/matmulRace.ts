import { step, type Lesson } from './types';

export const matmulRace: Lesson = {
  title: 'Why GPUs: the matmul race',
  steps: [
    step(
      'lab',
      {},
      ['device'],
      'This is the machine we will race on: the GPU adapter the browser can see, its WebGL renderer, and the backends that work here. Every student runs this lesson on their own laptop, so every class gets its own numbers.',
    ),
    step(
      'lab',
      { matmulFrom: 32, matmulTo: 1024, matmulWarmupRuns: 1, matmulTimedRuns: 3, backends: ['cpu', 'wasm', 'webgl', 'webgpu'] },
      ['settings', 'matmul'],
      'Press Run (or space in presentation mode): each backend multiplies two n×n matrices, from 32 to 1024. A product of size n does 2n³ arithmetic operations on 2n² numbers, so each doubling of n gives the arithmetic lanes 8× the work for 4× the data.',
    ),
    step(
      'lab',
      {},
      ['matmul'],
      'Small products: the CPU wins, because launching GPU kernels and reading the answer back costs a fixed fraction of a millisecond, far more than the arithmetic. Large products: thousands of parallel lanes win. The crossover is the size from which the GPU stays ahead.',
    ),
    step(
      'lab',
      { model: 'tiny', batchSize: 64, warmupSteps: 2, measuredSteps: 10, backends: ['cpu', 'wasm', 'webgl', 'webgpu'] },
      ['race'],
      'Now a real training step, the same on every backend. The tiny CNN is like a small matrix: compare its speed-ups with the sweep, then try batch 512 or the classic CNN and see the GPU pull ahead. The first step of each backend includes compiling its shaders.',
    ),
    step(
      'board',
      {},
      [],
      'Now the whole room: everyone presses Share under their race and sends the link; the teacher pastes them all here. Which GPUs won, and by how much over their own CPU? Where was the CPU as fast? Which laptops had no hardware GPU at all?',
    ),
  ],
};
