import { cpuClock, NO_DEVICE, type BackendRuntime } from './runtime';

/** Plain-JS tfjs: ships with @tensorflow/tfjs and runs everywhere. */
export const cpuRuntime: BackendRuntime = {
  probe: async () => ({ available: true, reason: 'plain JavaScript, always available' }),
  load: async () => undefined,
  kernelTiming: () => cpuClock('cpu'),
  ...NO_DEVICE,
};
