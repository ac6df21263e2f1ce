/**
 * Compute kernels as the plan records them: WGSL compiled once into a pipeline (the same source
 * shares one), one bind group made once over the plan's buffers, and the workgroup grid. A step
 * replays them into one compute pass; nothing here is made per step.
 */
import type { GpuErrorWatch } from './errorWatch';

/** One storage buffer a kernel binds, under the name its WGSL uses. */
export interface Bound {
  name: string;
  buffer: GPUBuffer;
  /** Written by the kernel (read_write); read-only otherwise. */
  write?: boolean;
  /** Element type: f32 unless the buffer holds indices or packed bytes. */
  type?: 'f32' | 'u32';
}

/** A recorded dispatch: replayed as setPipeline, setBindGroup, dispatchWorkgroups. */
export interface Dispatch {
  label: string;
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
  workgroups: readonly [number, number, number];
}

/** The kernel before its pipeline exists: what compile() turns into a Dispatch. */
export interface KernelSource {
  label: string;
  /** The WGSL after the bindings: constants, helpers and `main`. */
  body: string;
  bound: readonly Bound[];
  workgroups: readonly [number, number, number];
  /** WGSL directives that must open the module (`enable subgroups;`). */
  directives?: string;
}

/** WGSL declarations of the bindings, in order from binding 0. */
export function declareBindings(bound: readonly Bound[]): string {
  return bound
    .map((b, i) => `@group(0) @binding(${i}) var<storage, ${b.write ? 'read_write' : 'read'}> ${b.name}: array<${b.type ?? 'f32'}>;`)
    .join('\n');
}

/** GPUShaderStage.COMPUTE. */
const COMPUTE_STAGE = 0x4;

/** Threads per workgroup of the element-wise kernels. */
export const ELEMENTWISE_THREADS = 256;
/** The most workgroups WebGPU guarantees along one grid dimension. */
const MAX_GRID = 65535;

/**
 * A grid of ELEMENTWISE_THREADS-thread workgroups that covers `count` items (two dimensions past
 * 65,535 workgroups), and the WGSL expression of an item's index in it (from `gid`, global_invocation_id).
 */
export function elementwiseGrid(count: number): { workgroups: [number, number, number]; index: string } {
  const groups = Math.max(1, Math.ceil(count / ELEMENTWISE_THREADS));
  const x = Math.min(groups, MAX_GRID);
  const y = Math.ceil(groups / x);
  if (y > MAX_GRID) throw new RangeError(`${count} items are more than one dispatch can cover.`);
  return { workgroups: [x, y, 1], index: `(gid.x + gid.y * ${x * ELEMENTWISE_THREADS}u)` };
}

/**
 * Compiles kernels for one device, each distinct WGSL source once, and counts what it made. Given a
 * watch, each kernel's pipeline and bind group are made inside error scopes of their own, and checked()
 * throws the first kernel's error by its label (a plan's compile); without one, the caller's scopes
 * catch them (the tuner drops a candidate that fails).
 */
export class KernelCompiler {
  private readonly modules = new Map<string, GPUComputePipeline>();
  private readonly layouts = new Map<string, GPUBindGroupLayout>();
  private bindGroups = 0;
  private readonly checks: Promise<Error | null>[] = [];

  constructor(
    private readonly device: GPUDevice,
    private readonly watch: GpuErrorWatch | null = null,
  ) {}

  /** Pipelines compiled so far (distinct WGSL sources). */
  get pipelinesCompiled(): number {
    return this.modules.size;
  }

  get bindGroupsMade(): number {
    return this.bindGroups;
  }

  compile(source: KernelSource): Dispatch {
    const popScopes = this.watch?.scope(source.label);
    try {
      return this.make(source);
    } finally {
      if (popScopes) this.checks.push(popScopes());
    }
  }

  /** Throws the error of the first kernel compiled under the watch that the GPU refused (its shader, layout or bindings). */
  async checked(): Promise<void> {
    const errors = await Promise.all(this.checks.splice(0));
    const first = errors.find((e) => e !== null);
    if (first) throw first;
  }

  private make(source: KernelSource): Dispatch {
    const code = `${source.directives ?? ''}\n${declareBindings(source.bound)}\n${source.body}`;
    const layout = this.layoutOf(source.bound);
    let pipeline = this.modules.get(code);
    if (!pipeline) {
      const module = this.device.createShaderModule({ label: source.label, code });
      const pipelineLayout = this.device.createPipelineLayout({ label: source.label, bindGroupLayouts: [layout] });
      // Not createComputePipelineAsync: Chrome compiles in its GPU process either way, and Dawn's Node bindings
      // crash in the async path on SwiftShader (the futex facility returned an unexpected error code).
      pipeline = this.device.createComputePipeline({ label: source.label, layout: pipelineLayout, compute: { module, entryPoint: 'main' } });
      this.modules.set(code, pipeline);
    }
    const ready = pipeline;
    this.bindGroups += 1;
    const bindGroup = this.device.createBindGroup({
      label: source.label,
      layout,
      entries: source.bound.map((b, binding) => ({ binding, resource: { buffer: b.buffer } })),
    });
    return { label: source.label, pipeline: ready, bindGroup, workgroups: source.workgroups };
  }

  /** An explicit layout, not 'auto': a kernel may declare a buffer only some of its snippets use (a split product's store). */
  private layoutOf(bound: readonly Bound[]): GPUBindGroupLayout {
    const key = bound.map((b) => (b.write ? 'w' : 'r')).join('');
    let layout = this.layouts.get(key);
    if (!layout) {
      layout = this.device.createBindGroupLayout({
        label: `storage ${key}`,
        entries: bound.map((b, binding) => ({ binding, visibility: COMPUTE_STAGE, buffer: { type: b.write ? 'storage' : 'read-only-storage' } })),
      });
      this.layouts.set(key, layout);
    }
    return layout;
  }

  compileAll(sources: readonly KernelSource[]): Dispatch[] {
    return sources.map((s) => this.compile(s));
  }
}

/** Records dispatches into an open compute pass, in order. */
export function replay(pass: GPUComputePassEncoder, dispatches: readonly Dispatch[]): void {
  for (const d of dispatches) {
    pass.setPipeline(d.pipeline);
    pass.setBindGroup(0, d.bindGroup);
    pass.dispatchWorkgroups(d.workgroups[0], d.workgroups[1], d.workgroups[2]);
  }
}
