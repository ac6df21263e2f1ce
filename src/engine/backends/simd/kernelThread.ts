/// <reference lib="webworker" />
/**
 * One pool thread of the app's WebAssembly kernels: instantiates the kernel binary over the backend's
 * shared memory and stays in workerLoop (wasm/kernels/index.ts), taking a share of the tasks that ask
 * for it, until the runtime tells it to quit.
 */
interface Start {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  ctrl: number;
  index: number;
}

self.onmessage = ({ data }: MessageEvent<Start>) => {
  const instance = new WebAssembly.Instance(data.module, { env: { memory: data.memory } });
  (instance.exports.workerLoop as (ctrl: number, index: number) => void)(data.ctrl, data.index);
  self.close();
};
