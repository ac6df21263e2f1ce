import type { EN_GPU_ENGINE } from '../en/gpuEngine';

export const ZH_CN_GPU_ENGINE: Readonly<Record<keyof typeof EN_GPU_ENGINE, string>> = {
  'engine.gpu.refused.layer': '层 {layer}：本应用的 WebGPU 引擎没有处理其 {what} 的内核',
  'engine.gpu.refused.kind': '层 {layer}（{kind}）：本应用的 WebGPU 引擎没有这类层的内核',
  'engine.gpu.refused.inputs': '模型 {model}：本应用的 WebGPU 引擎只接受一个形状固定的输入',
  'engine.gpu.refused.head': '模型 {model}：本应用的 WebGPU 引擎只训练以 softmax 结尾的分类器',
  'engine.gpu.refused.weights': '模型 {model}：它的权重与本应用的 WebGPU 引擎从各层读出的不一致',
  'engine.gpu.fallback': '本应用的 WebGPU 引擎无法训练它（{reason}），因此改用 TensorFlow.js 的 WebGPU 内核训练。',
  'engine.gpu.tuning.progress': '正在为这块 GPU 调校引擎…… 第 {done} 个矩阵乘积，共 {total} 个',
  'engine.gpu.tuning.timed': '本应用的引擎在这块 GPU 上为 {products} 个矩阵乘积逐一计时，各自保留最快的内核（用时 {seconds} 秒，仅此一次：下次训练立即开始）。',
  'engine.gpu.tuning.remembered': '本应用的引擎沿用此前为这块 GPU 选定的内核（{products} 个矩阵乘积）。',
  'engine.gpu.tuning.slow': '这块 GPU 太慢，无法在几秒内为引擎的内核计时（软件 GPU 在处理器上运行），因此引擎沿用在这类 GPU 上测得最快的形式（{candidate}）。',
  'engine.gpu.tuning.forced': '按要求，本应用的引擎使用 {candidate} 内核。',
  'engine.gpu.error.kernel': '内核“{kernel}”',
  'engine.gpu.error.aStep': '某一步的计算',
  'engine.gpu.error.plain': '{where}出现 GPU 错误：{detail}',
  'engine.gpu.error.resumable': '{where}出现 GPU 错误，训练在第 {step} 步停止（{detail}）；“在 TensorFlow.js 的内核上从第 {checkpoint} 步继续”会从该检查点接着训练。',
  'engine.gpu.error.noCheckpoint': '{where}出现 GPU 错误，训练在第 {step} 步停止（{detail}）；尚未保存任何检查点，请在 TensorFlow.js 的内核上重新训练。',
};
