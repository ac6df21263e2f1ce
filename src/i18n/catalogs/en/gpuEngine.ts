/** The app's own WebGPU training engine (src/engine/gpu): why it cannot run a model or a setting, and how it is named. */
export const EN_GPU_ENGINE = {
  // Why a model stays on TensorFlow.js's WebGPU kernels: one layer's setting, a kind of layer, or the model's shape.
  'engine.gpu.refused.layer': "layer {layer}: the app's WebGPU engine has no kernel for its {what}",
  'engine.gpu.refused.kind': "layer {layer} ({kind}): the app's WebGPU engine has no kernel for this kind of layer",
  'engine.gpu.refused.inputs': "model {model}: the app's WebGPU engine takes one input of a fixed shape",
  'engine.gpu.refused.head': "model {model}: the app's WebGPU engine trains classifiers that end in a softmax",
  'engine.gpu.refused.weights': "model {model}: its weights are not the ones the app's WebGPU engine reads from its layers",
  // A run that asked for the app's engine and got TensorFlow.js's.
  'engine.gpu.fallback': "The app's WebGPU engine cannot train this ({reason}), so it trains on TensorFlow.js's WebGPU kernels.",
  // Choosing each matrix product's kernel on this GPU (src/engine/gpu/tuning): while it runs, and what the run says after.
  'engine.gpu.tuning.progress': 'Tuning the engine for this GPU… product {done} of {total}',
  'engine.gpu.tuning.timed': "The app's engine timed its kernels on this GPU and kept the fastest for each of {products} matrix products ({seconds} s, once: the next run starts at once).",
  'engine.gpu.tuning.remembered': "The app's engine runs the kernels it chose for this GPU before ({products} matrix products).",
  'engine.gpu.tuning.slow': "This GPU is too slow to time the engine's kernels within a few seconds (a software GPU runs on the processor), so the engine keeps the form measured best on such GPUs ({candidate}).",
  'engine.gpu.tuning.forced': "The app's engine runs the {candidate} kernels, as asked.",
  // A GPU error under the app's engine (src/engine/gpu/gpuErrors.ts): where it was, and the run's one sentence about it.
  'engine.gpu.error.kernel': 'the kernel “{kernel}”',
  'engine.gpu.error.aStep': "a step's work",
  'engine.gpu.error.plain': 'A GPU error in {where}: {detail}',
  'engine.gpu.error.resumable': "A GPU error in {where} stopped the run at step {step} ({detail}); Resume continues from the checkpoint at step {checkpoint} on TensorFlow.js's kernels.",
  'engine.gpu.error.noCheckpoint': "A GPU error in {where} stopped the run at step {step} ({detail}); no checkpoint was taken yet, so train it again on TensorFlow.js's kernels.",
} as const;
