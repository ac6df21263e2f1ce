import { msg } from '../../i18n/message';
import { cpuClock, float32Only, NO_DEVICE, type BackendRuntime } from './runtime';

/** Plain-JS tfjs: ships with @tensorflow/tfjs and runs everywhere. */
export const cpuRuntime: BackendRuntime = {
  probe: async () => ({ available: true, reason: msg('engine.backend.cpu.ready') }),
  load: async () => undefined,
  kernelTiming: () => cpuClock('cpu'),
  ...NO_DEVICE,
  applyPrecision: float32Only('cpu'),
};
