/**
 * One instance of a kernel binary (wasm/kernels) over a memory, with its task and control blocks and
 * the pool threads that take a share of every task once all of them are up.
 */
import type { TaskWords } from './tasks';
import { msg, MessageError } from '../../../i18n/message';

/** The exports of a kernel binary (wasm/kernels/index.ts). */
interface KernelExports {
  /** 0 when done; 1 when the pool threads stopped making progress. */
  run(ctrl: number, task: number, workers: number): number;
  workerLoop(ctrl: number): void;
}

/** Starts one pool thread: it instantiates `module` over `memory` and calls workerLoop(ctrl). */
export type ThreadSpawner = (start: { module: WebAssembly.Module; memory: WebAssembly.Memory; ctrl: number }) => { terminate(): void };

/** Words of the control block (wasm/kernels/task.ts) and of the task block. */
export const CONTROL_WORDS = 16;
export const TASK_WORDS = 64;
const GENERATION_WORD = 0;
const READY_WORD = 4;
const QUIT_WORD = 5;

export class KernelPool {
  private readonly exports: KernelExports;
  private readonly threads: { terminate(): void }[] = [];
  /** Set when a task stalled: the pool threads are stopped and every later task runs on the calling thread. */
  private stalled = false;
  tasksRun = 0;

  /**
   * `ctrl` and `task` point at CONTROL_WORDS and TASK_WORDS free words of `memory` (the control block is
   * zeroed here); `threads` - 1 pool threads start when a spawner is given and the memory is shared.
   */
  constructor(
    readonly memory: WebAssembly.Memory,
    module: WebAssembly.Module,
    private readonly ctrl: number,
    private readonly task: number,
    threads: number,
    spawn: ThreadSpawner | null,
  ) {
    this.exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as KernelExports;
    new Int32Array(memory.buffer, ctrl, CONTROL_WORDS).fill(0);
    if (spawn && threads > 1 && isShared(memory)) {
      for (let i = 1; i < threads; i++) this.threads.push(spawn({ module, memory, ctrl }));
    }
  }

  private control(): Int32Array {
    return new Int32Array(this.memory.buffer, this.ctrl, CONTROL_WORDS);
  }

  /**
   * Threads a task runs on now: 1 until every pool thread is up, then all of them (a worker takes part
   * in every task once it is up, so a task never runs on some of them only).
   */
  threadCount(): number {
    if (this.threads.length === 0 || this.stalled) return 1;
    return Atomics.load(this.control(), READY_WORD) === this.threads.length ? this.threads.length + 1 : 1;
  }

  /** Resolves once every pool thread is up (or after `timeoutMs`), with the thread count tasks use. */
  async whenReady(timeoutMs: number): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    while (this.threadCount() === 1 && this.threads.length > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    return this.threadCount();
  }

  /** Runs a task on every thread, or on the calling one alone when `parallel` is false (work too small to share). */
  run(words: TaskWords, parallel = true): void {
    if (words.length > TASK_WORDS) throw new Error(`A kernel task has ${words.length} words; the block holds ${TASK_WORDS}.`);
    new Int32Array(this.memory.buffer, this.task, words.length).set(words);
    const stalled = this.exports.run(this.ctrl, this.task, parallel ? this.threadCount() - 1 : 0) !== 0;
    this.tasksRun++;
    if (stalled) {
      // A worker stopped answering (the browser killed it?): quit the pool; later tasks run here, alone.
      // A worker that was only delayed sees the quit flag before it takes another task.
      this.stalled = true;
      this.dispose();
      throw new MessageError(msg('engine.backend.threadStalled'));
    }
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
