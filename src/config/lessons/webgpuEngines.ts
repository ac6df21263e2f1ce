import { step, type Lesson } from './types';

/** Both WebGPU engines raced side by side: how much of a training step is the GPU, how much the software around it. */
export const webgpuEngines: Lesson = {
  title: 'The GPU and the software around it',
  steps: [
    step(
      'lab',
      { model: 'tiny', batchSize: 64, warmupSteps: 2, measuredSteps: 10, backends: ['wasm', 'webgpu'], webgpuEngines: 'both' },
      ['settings', 'race'],
      "Run the race: WebGPU runs the same training step twice, once on the app's own engine (the whole step compiled into a few fused kernels, one submit) and once on TensorFlow.js's kernels (a launch, a bind group and a uniform buffer for every operation). Same model, same batches, same GPU; WebAssembly is the CPU to beat.",
    ),
    step(
      'lab',
      {},
      ['race'],
      "The sentence under the race splits a step: the app's engine's time is at most what the GPU needs, and what TensorFlow.js takes beyond it is software around the kernels. The smaller the model, the more of a step is software, so a library's GPU speed-up can hide most of the hardware's.",
    ),
    step(
      'lab',
      { model: 'classic', batchSize: 512, warmupSteps: 2, measuredSteps: 10, backends: ['wasm', 'webgpu'], webgpuEngines: 'both' },
      ['settings', 'race'],
      "Now the classic CNN at batch 512: the GPU's work grows with the batch and the model, the software's cost per step hardly does, so the two engines come closer. Press Share: the link carries both WebGPU rows, each named by its engine.",
    ),
  ],
};
