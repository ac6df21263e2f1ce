import type { EN_GPU_ENGINE } from '../en/gpuEngine';

export const ZH_CN_GPU_ENGINE: Readonly<Record<keyof typeof EN_GPU_ENGINE, string>> = {
  'engine.gpu.refused.layer': '层 {layer}：本应用的 WebGPU 引擎没有处理其 {what} 的内核',
  'engine.gpu.refused.kind': '层 {layer}（{kind}）：本应用的 WebGPU 引擎没有这类层的内核',
  'engine.gpu.refused.inputs': '模型 {model}：本应用的 WebGPU 引擎只接受一个形状固定的输入',
  'engine.gpu.refused.head': '模型 {model}：本应用的 WebGPU 引擎只训练以 softmax 结尾的分类器',
  'engine.gpu.refused.weights': '模型 {model}：它的权重与本应用的 WebGPU 引擎从各层读出的不一致',
  'engine.gpu.fallback': '本应用的 WebGPU 引擎无法训练它（{reason}），因此改用 TensorFlow.js 的 WebGPU 内核训练。',
};
