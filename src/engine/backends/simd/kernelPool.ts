/**
 * One instance of a kernel binary (wasm/kernels) over a memory, with its task and control blocks and
 * the pool threads that take a share of every task once all of them are up.
 */
import { wakeProbeTask, type TaskWords } from './tasks';
import { msg, MessageError } from '../../../i18n/message';

/** The exports of a kernel binary (wasm/kernels/index.ts). */
interface KernelExports {
  /** 0 when done; 1 when the pool threads stopped making progress. */
  run(ctrl: number, task: number, workers: number): number;
  workerLoop(ctrl: number, index: number): void;
}

/** Starts pool thread `index` (1, 2, …): it instantiates `module` over `memory` and calls workerLoop(ctrl, index). */
export type ThreadSpawner = (start: { module: WebAssembly.Module; memory: WebAssembly.Memory; ctrl: number; index: number }) => { terminate(): void };

/** Words of the control block (wasm/kernels/task.ts) and of the task block. */
export const CONTROL_WORDS = 16;
export const TASK_WORDS = 64;
const GENERATION_WORD = 0;
const READY_WORD = 4;
const QUIT_WORD = 5;
const CLOSED_WORD = 7;
const SPIN_LIMIT_WORD = 9;
const STALL_MS_WORD = 10;
/** A task whose joined pool threads make no progress this long is given up (a thread the browser killed). */
const STALL_MS = 10_000;

export class KernelPool {
  private readonly exports: KernelExports;
  private readonly threads: { terminate(): void }[] = [];
  /** Set when a task stalled: the pool threads are stopped and every later task runs on the calling thread. */
  private stalled = false;
  tasksRun = 0;
  /** Tasks opened to pool threads (the rest ran on the calling thread alone). */
  parallelTasksRun = 0;

  /**
   * `ctrl` and `task` point at CONTROL_WORDS and TASK_WORDS free words of `memory` (the control block is
   * reset here); `threads` - 1 pool threads start when a spawner is given and the memory is shared. A
   * waiting thread spins `spinLimit` times before it sleeps; a task stalls after `stallMs` without progress.
   */
  constructor(
    readonly memory: WebAssembly.Memory,
    module: WebAssembly.Module,
    private readonly ctrl: number,
    private readonly task: number,
    threads: number,
    spawn: ThreadSpawner | null,
    spinLimit: number,
    stallMs = STALL_MS,
  ) {
    this.exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as KernelExports;
    const control = this.control();
    control.fill(0);
    control[CLOSED_WORD] = 1;
    control[SPIN_LIMIT_WORD] = spinLimit;
    control[STALL_MS_WORD] = stallMs;
    if (spawn && threads > 1 && isShared(memory)) {
      for (let index = 1; index < threads; index++) this.threads.push(spawn({ module, memory, ctrl, index }));
    }
  }

  private control(): Int32Array {
    return new Int32Array(this.memory.buffer, this.ctrl, CONTROL_WORDS);
  }

  /** Threads a task can run on now: the calling one and every pool thread that has started. */
  threadCount(): number {
    if (this.threads.length === 0 || this.stalled) return 1;
    return Math.min(this.threads.length, Atomics.load(this.control(), READY_WORD)) + 1;
  }

  /** Resolves once every pool thread is up (or after `timeoutMs`), with the thread count tasks can use. */
  async whenReady(timeoutMs: number): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    while (this.threadCount() <= this.threads.length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    return this.threadCount();
  }

  /**
   * Runs a task on `threads` threads at most (the calling one and threads - 1 pool threads); 1 runs it
   * on the calling thread alone. A pool thread that is not up yet, or wakes after the work is shared
   * out, simply takes no part.
   */
  run(words: TaskWords, threads = Infinity): void {
    if (words.length > TASK_WORDS) throw new Error(`A kernel task has ${words.length} words; the block holds ${TASK_WORDS}.`);
    new Int32Array(this.memory.buffer, this.task, words.length).set(words);
    const workers = Math.max(0, Math.min(threads, this.threadCount()) - 1);
    const stalled = this.exports.run(this.ctrl, this.task, workers) !== 0;
    this.tasksRun++;
    if (workers > 0) this.parallelTasksRun++;
    if (stalled) {
      // A worker stopped answering (the browser killed it?): quit the pool; later tasks run here, alone.
      // A worker that was only delayed sees the quit flag before it takes another task.
      this.stalled = true;
      this.dispose();
      throw new MessageError(msg('engine.backend.threadStalled'));
    }
  }

  /**
   * How long a sleeping pool thread takes to join a task, in ms: the median of `rounds` probes, each after
   * a pause long enough for the threads to fall asleep; null without pool threads. A probe gives up after
   * `maxSpins` loads (the result is then that long).
   */
  async wakeUpMs(rounds: number, pauseMs: number, maxSpins: number): Promise<number | null> {
    if (this.threadCount() === 1) return null;
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const start = performance.now();
      this.run(wakeProbeTask(maxSpins));
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  }

  /** Stops the pool threads: they leave workerLoop, then are terminated. */
  dispose(): void {
    if (this.threads.length === 0) return;
    const control = this.control();
    Atomics.store(control, QUIT_WORD, 1);
    Atomics.add(control, GENERATION_WORD, 1);
    Atomics.notify(control, GENERATION_WORD);
    for (const thread of this.threads.splice(0)) thread.terminate();
  }
}

export function isShared(memory: WebAssembly.Memory): boolean {
  return typeof SharedArrayBuffer === 'function' && memory.buffer instanceof SharedArrayBuffer;
}
