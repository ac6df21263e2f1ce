/**
 * Counts the WebGPU calls a training step makes, whoever makes them (the app's engine or TensorFlow.js):
 * the methods are wrapped on the GPU classes' prototypes, so the counts are exact on any adapter,
 * SwiftShader included. For benchmarks only; uninstall() puts every method back.
 */

export interface GpuCallCounts {
  dispatches: number;
  submits: number;
  /** mapAsync and onSubmittedWorkDone: every wait on the GPU. */
  awaits: number;
  buffers: number;
  bindGroups: number;
  pipelines: number;
  shaderModules: number;
  /** queue.writeBuffer: uploads from the CPU. */
  writes: number;
}

type Counted = keyof GpuCallCounts;

/** Class name on globalThis, method, and what a call of it counts as. */
const WATCHED: readonly [string, string, Counted][] = [
  ['GPUComputePassEncoder', 'dispatchWorkgroups', 'dispatches'],
  ['GPUComputePassEncoder', 'dispatchWorkgroupsIndirect', 'dispatches'],
  ['GPUQueue', 'submit', 'submits'],
  ['GPUQueue', 'onSubmittedWorkDone', 'awaits'],
  ['GPUQueue', 'writeBuffer', 'writes'],
  ['GPUBuffer', 'mapAsync', 'awaits'],
  ['GPUDevice', 'createBuffer', 'buffers'],
  ['GPUDevice', 'createBindGroup', 'bindGroups'],
  ['GPUDevice', 'createComputePipeline', 'pipelines'],
  ['GPUDevice', 'createComputePipelineAsync', 'pipelines'],
  ['GPUDevice', 'createShaderModule', 'shaderModules'],
];

export function zeroCounts(): GpuCallCounts {
  return { dispatches: 0, submits: 0, awaits: 0, buffers: 0, bindGroups: 0, pipelines: 0, shaderModules: 0, writes: 0 };
}

export function countsBetween(before: GpuCallCounts, after: GpuCallCounts): GpuCallCounts {
  const out = zeroCounts();
  for (const key of Object.keys(out) as Counted[]) out[key] = after[key] - before[key];
  return out;
}

export class GpuCallCounter {
  private readonly counts = zeroCounts();
  private readonly restore: (() => void)[] = [];

  /** Wraps every watched method this realm has; throws where there is no WebGPU at all. */
  static install(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): GpuCallCounter {
    const counter = new GpuCallCounter();
    for (const [className, method, counted] of WATCHED) {
      const proto = (scope[className] as { prototype?: Record<string, unknown> } | undefined)?.prototype;
      const original = proto?.[method];
      if (!proto || typeof original !== 'function') continue;
      const counts = counter.counts;
      proto[method] = function (this: unknown, ...args: unknown[]) {
        counts[counted] += 1;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
      counter.restore.push(() => (proto[method] = original));
    }
    if (counter.restore.length === 0) throw new Error('No WebGPU classes to count calls of.');
    return counter;
  }

  snapshot(): GpuCallCounts {
    return { ...this.counts };
  }

  uninstall(): void {
    for (const undo of this.restore.splice(0)) undo();
  }
}
