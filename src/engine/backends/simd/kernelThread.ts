/// <reference lib="webworker" />
/**
 * One pool thread of the app's WebAssembly kernels: instantiates the kernel binary over the backend's
 * shared memory and stays in workerLoop (wasm/kernels/index.ts), taking a share of every task, until
 * the runtime tells it to quit.
 */
interface Start {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  ctrl: number;
}

self.onmessage = ({ data }: MessageEvent<Start>) => {
  const instance = new WebAssembly.Instance(data.module, { env: { memory: data.memory } });
  (instance.exports.workerLoop as (ctrl: number) => void)(data.ctrl);
  self.close();
};
