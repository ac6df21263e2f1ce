/**
 * The app's WebAssembly kernels (wasm/kernels) bound to one tfjs wasm backend instance: a KernelPool
 * over the backend's own memory (so tensors are read and written where they lie) and scratch buffers
 * from the backend's allocator.
 */
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { WASM_ELEMENTS_PER_NS, WASM_MACS_PER_NS, WASM_MIN_WORK_PER_THREAD_NS, WASM_SPIN_LIMIT, WASM_BUSY_WAKE_UP_MS, WASM_WAKE_REMEASURE_MS, WASM_WAKE_UPS_PER_THREAD } from '../../../config/tunables';
import { CONTROL_WORDS, isShared, KernelPool, TASK_WORDS, type ThreadSpawner } from './kernelPool';
import { TASK_KIND, type TaskWords } from './tasks';

export type { ThreadSpawner } from './kernelPool';

/** Compiled kernel binaries for this engine: one per memory kind, all of one SIMD flavour. */
export interface KernelModules {
  simd: 'plain' | 'relaxed';
  unshared: WebAssembly.Module;
  /** Absent where the engine cannot import shared memory. */
  shared: WebAssembly.Module | null;
}

/** The emscripten module fields tfjs-backend-wasm's types leave out: its allocator and where its memory object lives. */
interface EmscriptenHeap {
  _malloc(bytes: number): number;
  _free(at: number): void;
  /** Threaded builds create the (shared) memory in JS. */
  wasmMemory?: WebAssembly.Memory;
  /** Other builds export it from the binary. */
  asm?: { memory?: WebAssembly.Memory };
}

let modules: KernelModules | null = null;
let spawnThread: ThreadSpawner | null = null;
let threadsWanted = 1;
let enabled = true;
let tasksRun = 0;
const tasksByKind = new Map<number, number>();

/** Called once the binaries are compiled (the wasm runtime's load); without it no kernel is replaced. */
export function setKernelModules(compiled: KernelModules): void {
  modules = compiled;
}

export function kernelModules(): KernelModules | null {
  return modules;
}

/** How pool threads start (browsers: nested workers) and how many threads a task may use in all. */
export function configureThreads(spawner: ThreadSpawner | null, threads: number): void {
  spawnThread = spawner;
  threadsWanted = Math.max(1, Math.floor(threads));
}

/**
 * Off: every replaced kernel runs the one it replaced (TensorFlow.js's own), so a bench or a test can
 * measure both in one process. On by default.
 */
export function setAppKernelsEnabled(on: boolean): void {
  enabled = on;
}

export function appKernelsEnabled(): boolean {
  return enabled;
}

/** Tasks the app's kernels have run in this process (tests prove with it that a kernel took the app's path). */
export function appKernelTasksRun(): number {
  return tasksRun;
}

/** Tasks of one kind the app's kernels have run in this process. */
export function appKernelTasksOf(kind: keyof typeof TASK_KIND): number {
  return tasksByKind.get(TASK_KIND[kind]) ?? 0;
}

/** A task's work in nanoseconds of one thread, from its multiply-adds and the elements it touches. */
export function workOf({ macs = 0, elements = 0 }: { macs?: number; elements?: number }): number {
  return macs / WASM_MACS_PER_NS + elements / WASM_ELEMENTS_PER_NS;
}

/** The work a task needs per thread, ns, when a sleeping pool thread takes `wakeUpMs` to join (null: not measured); Infinity on a machine too busy to share. */
export function minWorkPerThreadNs(wakeUpMs: number | null): number {
  if (wakeUpMs !== null && wakeUpMs > WASM_BUSY_WAKE_UP_MS) return Infinity;
  return Math.max(WASM_MIN_WORK_PER_THREAD_NS, (wakeUpMs ?? 0) * 1e6 * WASM_WAKE_UPS_PER_THREAD);
}

/** Threads worth giving a task of `workNs`: one per `perThreadNs` of it, at least one. */
export function threadsFor(workNs: number, perThreadNs: number): number {
  return Math.max(1, Math.floor(workNs / perThreadNs));
}

/** The wake-up probe: rounds (the median is kept), the pause that lets the threads fall asleep (ms), and the loads after which a probe gives up (~20 ms). */
const WAKE_PROBE = { rounds: 5, pauseMs: 3, maxSpins: 20_000_000 } as const;

function heapOf(backend: BackendWasm): EmscriptenHeap {
  return backend.wasm as unknown as EmscriptenHeap;
}

export function memoryOf(backend: BackendWasm): WebAssembly.Memory | null {
  const fields = heapOf(backend);
  const memory = fields.wasmMemory ?? fields.asm?.memory;
  return memory instanceof WebAssembly.Memory ? memory : null;
}

/** Runtimes with pool threads, so a new backend instance can stop the old one's threads. */
const live = new Set<SimdRuntime>();

/** Stops every runtime's pool threads (a new wasm backend instance replaces the old one). */
export function disposeAllRuntimes(): void {
  for (const runtime of live) runtime.dispose();
}

export class SimdRuntime {
  private static readonly bound = new WeakMap<object, SimdRuntime>();

  /** The runtime of this backend instance, made on first use; null where the kernels cannot run here (or are switched off). */
  static of(backend: BackendWasm): SimdRuntime | null {
    if (!enabled) return null;
    const existing = SimdRuntime.bound.get(backend.wasm);
    if (existing) return existing;
    const memory = memoryOf(backend);
    if (!modules || !memory) return null;
    const module = isShared(memory) ? modules.shared : modules.unshared;
    if (!module) return null;
    const runtime = new SimdRuntime(backend, memory, module);
    SimdRuntime.bound.set(backend.wasm, runtime);
    return runtime;
  }

  private readonly pool: KernelPool;
  /** Scratch buffers allocated and not yet freed (tests check it returns to 0). */
  scratchInUse = 0;
  /** How long a sleeping pool thread took to join a task when last measured, ms; null until measured (or without pool threads). */
  wakeUpMs: number | null = null;
  private wakeMeasuredAt = -Infinity;
  private perThreadNs = WASM_MIN_WORK_PER_THREAD_NS;

  private constructor(
    readonly backend: BackendWasm,
    memory: WebAssembly.Memory,
    module: WebAssembly.Module,
  ) {
    const heap = heapOf(backend);
    const ctrl = heap._malloc(CONTROL_WORDS * 4);
    const task = heap._malloc(TASK_WORDS * 4);
    if (!ctrl || !task) throw new Error("The WebAssembly heap has no room for the app's kernel blocks.");
    this.pool = new KernelPool(memory, module, ctrl, task, threadsWanted, spawnThread, WASM_SPIN_LIMIT);
    if (this.pool.threadCount() > 1 || threadsWanted > 1) live.add(this);
  }

  threadCount(): number {
    return this.pool.threadCount();
  }

  whenThreadsReady(timeoutMs: number): Promise<number> {
    return this.pool.whenReady(timeoutMs);
  }

  /**
   * Measures how long a sleeping pool thread takes to join a task (when a job starts, at most every
   * WASM_WAKE_REMEASURE_MS), and from it how much work a task needs per thread (minWorkPerThreadNs).
   */
  async measureWakeUp(): Promise<void> {
    if (performance.now() - this.wakeMeasuredAt < WASM_WAKE_REMEASURE_MS) return;
    this.wakeUpMs = await this.pool.wakeUpMs(WAKE_PROBE.rounds, WAKE_PROBE.pauseMs, WAKE_PROBE.maxSpins);
    this.wakeMeasuredAt = performance.now();
    this.perThreadNs = minWorkPerThreadNs(this.wakeUpMs);
  }

  /** Work a task needs per thread now, ns. */
  minWorkPerThreadNs(): number {
    return this.perThreadNs;
  }

  /** Runs a task on as many threads as its work (`workNs`, from workOf) is worth, at least one. */
  run(words: TaskWords, workNs = Infinity): void {
    this.pool.run(words, threadsFor(workNs, this.perThreadNs));
    tasksRun++;
    tasksByKind.set(words[0], (tasksByKind.get(words[0]) ?? 0) + 1);
  }

  alloc(bytes: number): number {
    const at = heapOf(this.backend)._malloc(Math.max(16, bytes));
    if (!at) throw new Error(`The WebAssembly heap has no room for ${bytes} more bytes.`);
    this.scratchInUse++;
    return at;
  }

  free(at: number): void {
    heapOf(this.backend)._free(at);
    this.scratchInUse--;
  }

  /** Runs `use` with scratch buffers of these sizes (bytes) and frees them after, whatever happens. */
  withScratch<T>(sizes: readonly number[], use: (buffers: number[]) => T): T {
    const buffers: number[] = [];
    try {
      for (const size of sizes) buffers.push(this.alloc(size));
      return use(buffers);
    } finally {
      for (const at of buffers) this.free(at);
    }
  }

  dispose(): void {
    live.delete(this);
    this.pool.dispose();
  }
}
