/** How a run's plan gets its product kernels: tuned on the device (remembered per adapter in this browser), or one form forced. */
import { forcedKernels } from './forced';
import { sharedTuningStore } from './store';
import { adapterKey } from './signature';
import { ProductTuner, type ProductChooser } from './tuner';

/** The device the app's engine trains on, and a product kernel forced for every product (the bench's --gemm, tests), if any. */
export interface EngineTarget {
  device: GPUDevice;
  gemm?: string;
  /** Time every candidate within this many ms whatever the adapter's speed, remembering nothing (the bench's --tune-budget-s). */
  tuneBudgetMs?: number;
}

/** The browser as its user agent names it (a tuning is kept per browser too); Node's version outside one. */
function browserName(): string {
  const agent = (globalThis.navigator as Navigator | undefined)?.userAgent;
  return agent ?? `node ${typeof process === 'undefined' ? '' : process.version}`;
}

export function kernelChooser(target: EngineTarget, onProgress?: (done: number, total: number) => void): ProductChooser {
  if (target.gemm) return forcedKernels(target.device, target.gemm);
  return {
    async choose(products) {
      const timing = target.tuneBudgetMs ? { budgetMs: target.tuneBudgetMs, timeAnyway: true } : {};
      const tuner = new ProductTuner(target.device, { store: await sharedTuningStore(), adapter: adapterKey(target.device, browserName()), onProgress, ...timing });
      return tuner.choose(products);
    },
  };
}
