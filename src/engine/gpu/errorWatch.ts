/**
 * Keeps a plan's GPU errors from passing unseen, from its first compile to its destroy: error scopes
 * around work whose errors are read later (a kernel's compile, a window of steps), an `uncapturederror`
 * listener for any error outside them (the run stops at its next window), and the device's loss, so a
 * wait that failed on a lost device is said as the loss, not as a GPU error.
 */
import { ENGINE_LOST_GRACE_MS } from '../../config/tunables';
import { detailOf, msg } from '../../i18n/message';
import { DeviceLostError } from '../deviceWatch';
import { EngineGpuError, engineErrorOf, kernelNamed, type CaughtGpuError, type ScopeFilter } from './gpuErrors';

/** Every kind of GPU error a scope can catch, pushed in this order (so popped in the reverse). */
const FILTERS: readonly ScopeFilter[] = ['validation', 'internal', 'out-of-memory'];

/** Pops one scope; a device that refuses (no scope, or lost in an older implementation) reports nothing. */
function pop(device: GPUDevice): Promise<CaughtGpuError | null> {
  return device.popErrorScope().catch(() => null);
}

export class GpuErrorWatch {
  private uncaught: CaughtGpuError | null = null;
  /** The plan's kernels' labels (each compiled under a scope of this watch): they name the kernel of an error caught elsewhere. */
  private readonly labels = new Set<string>();
  private readonly listener = (event: Event): void => {
    // Handled here: the run stops with it, so the browser need not log it as unhandled too.
    event.preventDefault();
    this.uncaught ??= (event as GPUUncapturedErrorEvent).error;
  };

  constructor(private readonly device: GPUDevice) {
    device.addEventListener('uncapturederror', this.listener);
  }

  /**
   * Pushes error scopes now; the function returned pops them (call it once, before any scope pushed
   * after these is popped) and gives the error they caught as the run says it, or null. `kernel`: the
   * work is that kernel's (its compile), and an error is its; otherwise the error's text names one.
   */
  scope(kernel?: string): () => Promise<Error | null> {
    if (kernel !== undefined) this.labels.add(kernel);
    for (const filter of FILTERS) this.device.pushErrorScope(filter);
    return () => {
      const caught = [...FILTERS].reverse().map((filter) => pop(this.device).then((error) => (error ? { filter, error } : null)));
      return Promise.all(caught).then((found) => {
        // An error is caught by one scope only; the innermost is popped first, so the validation one is last.
        const hit = found.reverse().find((f) => f !== null) ?? null;
        return hit ? engineErrorOf(hit.filter, hit.error, kernel ?? kernelNamed(hit.error.message, this.labels)) : null;
      });
    };
  }

  /** Throws the first error no scope caught since the watch began (the plan's own work or any beside it on this device). */
  throwUncaught(): void {
    if (this.uncaught) throw engineErrorOf('validation', this.uncaught, kernelNamed(this.uncaught.message, this.labels));
  }

  /**
   * After a wait on the device failed (`err`): the run's device-loss error where the device is lost (its
   * loss given a moment to arrive: a read is refused before device.lost settles), else a GPU error of a step's work.
   */
  async failedWait(err: unknown): Promise<Error> {
    const info = await this.lostWithin(ENGINE_LOST_GRACE_MS);
    if (!info) return new EngineGpuError(null, detailOf(err), { cause: err });
    const detail = info.message || msg('engine.lost.noReason');
    return new DeviceLostError(msg(info.reason === 'destroyed' ? 'engine.lost.webgpuDestroyed' : 'engine.lost.webgpu', { detail }), { cause: err });
  }

  /** The device's loss, if it is lost or is within `ms` (device.lost settles at once on a device already lost). */
  private lostWithin(ms: number): Promise<GPUDeviceLostInfo | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
    return Promise.race([this.device.lost, late]).finally(() => clearTimeout(timer));
  }

  /** Stops listening: the plan is gone. */
  dispose(): void {
    this.device.removeEventListener('uncapturederror', this.listener);
  }
}
