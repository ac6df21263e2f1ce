import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { compileKernelsInNode } from './binaries';
import { KernelPool, CONTROL_WORDS, TASK_WORDS, type ThreadSpawner } from './kernelPool';
import { minWorkPerThreadNs, threadsFor } from './runtime';
import { convTask, matMulTask, packPanelsTask } from './tasks';
import { msg } from '../../../i18n/message';

/** A pool thread under Node: a worker_threads worker that runs the kernel binary's workerLoop. */
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const instance = new WebAssembly.Instance(workerData.module, { env: { memory: workerData.memory } });
instance.exports.workerLoop(workerData.ctrl, workerData.index);
`;
const nodeWorkers: Worker[] = [];
const spawnNodeThread: ThreadSpawner = (start) => {
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: start });
  nodeWorkers.push(worker);
  return { terminate: () => void worker.terminate() };
};

const THREADS = 3;
/** 64 MiB of shared memory, handed out front to back. */
const memory = new WebAssembly.Memory({ initial: 1024, maximum: 65536, shared: true });
let top = 1024;
function alloc(floats: number): number {
  const at = top;
  top += Math.ceil((floats * 4) / 64) * 64;
  return at;
}
function floats(at: number, count: number): Float32Array {
  return new Float32Array(memory.buffer, at, count);
}
function fill(at: number, count: number, seed: number): void {
  let state = seed;
  const view = floats(at, count);
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    view[i] = state / 2 ** 31 - 1;
  }
}

const modules = compileKernelsInNode();
const sharedModule = modules?.shared ?? null;
const pools: KernelPool[] = [];
function pool(threads: number): KernelPool {
  if (!sharedModule) throw new Error('No shared-memory kernel binary: run npm run data.');
  const made = new KernelPool(memory, sharedModule, alloc(CONTROL_WORDS), alloc(TASK_WORDS), threads, spawnNodeThread, 4096);
  pools.push(made);
  return made;
}

afterAll(() => pools.forEach((p) => p.dispose()));

// The classic CNN's conv2 at batch 8: x [8,13,13,32], w [3,3,32,64] -> [8,11,11,64].
const N = 8, H = 13, C = 32, K = 3, O = 64, OH = H - K + 1;
const x = alloc(N * H * H * C), w = alloc(K * K * C * O), panels = alloc(K * K * C * O), dy = alloc(N * OH * OH * O);
fill(x, N * H * H * C, 1);
fill(w, K * K * C * O, 2);
fill(dy, N * OH * OH * O, 3);
const conv = { x, images: N, height: H, width: H, channels: C, kernelHeight: K, kernelWidth: K, strideHeight: 1, strideWidth: 1, outHeight: OH, outWidth: OH, outChannels: O, tileColumns: 16 as const };

function forward(p: KernelPool): Float32Array {
  const out = alloc(N * OH * OH * O);
  p.run(packPanelsTask({ src: w, rows: K * K * C, cols: O, srcRowBytes: O * 4, transposed: false, dst: panels, panelColumns: 16 }));
  p.run(convTask('convForward', { ...conv, b: panels, bRowBytes: 0, out }));
  return floats(out, N * OH * OH * O).slice();
}

function filterGrad(p: KernelPool): Float32Array {
  const out = alloc(K * K * C * O);
  p.run(convTask('convFilterGrad', { ...conv, b: dy, bRowBytes: O * 4, out }));
  return floats(out, K * K * C * O).slice();
}

function matMul(p: KernelPool): Float32Array {
  const m = N * OH * OH, k = O, n = C + 3;
  const packed = alloc(k * 48), out = alloc(m * n);
  // dy as A [m, k]; the first n·k floats of x as B [k, n].
  p.run(packPanelsTask({ src: x, rows: k, cols: n, srcRowBytes: n * 4, transposed: false, dst: packed, panelColumns: 16 }));
  p.run(matMulTask({ a: dy, b: packed, c: out, batches: 1, m, k, n, aRowBytes: k * 4, aColBytes: 4, aBatchBytes: 0, bBatchBytes: 0, cBatchBytes: 0, tileColumns: 16 }));
  return floats(out, m * n).slice();
}

/** The forward convolution by its definition, in float64. */
function reference(): Float64Array {
  const xs = floats(x, N * H * H * C), ws = floats(w, K * K * C * O);
  const out = new Float64Array(N * OH * OH * O);
  for (let n = 0; n < N; n++)
    for (let y = 0; y < OH; y++)
      for (let xx = 0; xx < OH; xx++)
        for (let o = 0; o < O; o++) {
          let sum = 0;
          for (let i = 0; i < K; i++) for (let j = 0; j < K; j++) for (let c = 0; c < C; c++) sum += xs[((n * H + y + i) * H + xx + j) * C + c] * ws[((i * K + j) * C + c) * O + o];
          out[((n * OH + y) * OH + xx) * O + o] = sum;
        }
  return out;
}

describe('the kernel pool', () => {
  it('has a shared-memory binary to run threads with', () => {
    expect(sharedModule).not.toBeNull();
  });

  it(`starts ${THREADS - 1} threads and then runs every task on ${THREADS}, with results bit for bit those of one thread`, async () => {
    const single = pool(1);
    const threaded = pool(THREADS);
    expect(threaded.threadCount()).toBe(1);
    expect(await threaded.whenReady(10_000)).toBe(THREADS);
    for (const op of [forward, filterGrad, matMul]) {
      const one = op(single);
      const many = op(threaded);
      expect(Buffer.from(many.buffer).equals(Buffer.from(one.buffer)), op.name).toBe(true);
    }
    expect(threaded.tasksRun).toBe(5);
  });

  it('computes the convolution its definition gives (float64 reference)', () => {
    const got = forward(pools[1] ?? pool(THREADS));
    const want = reference();
    let worst = 0;
    want.forEach((value, i) => (worst = Math.max(worst, Math.abs(got[i] - value) / (1 + Math.abs(value)))));
    expect(worst).toBeLessThan(1e-5);
  });

  it('measures how long a sleeping pool thread takes to join a task; without pool threads there is nothing to measure', async () => {
    const woken = pool(2);
    expect(await woken.whenReady(10_000)).toBe(2);
    const ms = await woken.wakeUpMs(5, 5, 50_000_000);
    expect(ms).toBeGreaterThan(0);
    // A thread that never joined would hold the probe for its whole 50 M loads (tens of ms).
    expect(ms).toBeLessThan(20);
    expect(await pool(1).wakeUpMs(5, 5, 50_000_000)).toBeNull();
  });

  it('never waits for a thread that does not wake: a task runs on the threads that answer', async () => {
    const lonely = pool(THREADS);
    expect(await lonely.whenReady(10_000)).toBe(THREADS);
    for (const worker of nodeWorkers.splice(-(THREADS - 1))) await worker.terminate();
    expect(lonely.threadCount()).toBe(THREADS);
    expect(Buffer.from(forward(lonely).buffer).equals(Buffer.from(forward(pools[0]).buffer))).toBe(true);
    expect(lonely.parallelTasksRun).toBe(2);
  });

  it('gives up on a thread that joined a task and stopped: the task fails with a sentence, later tasks run on the calling thread', async () => {
    const ctrl = alloc(CONTROL_WORDS);
    const broken = new KernelPool(memory, sharedModule as WebAssembly.Module, ctrl, alloc(TASK_WORDS), THREADS, spawnNodeThread, 4096, 50);
    pools.push(broken);
    expect(await broken.whenReady(10_000)).toBe(THREADS);
    const expected = forward(pools[0]);
    // A thread that joined (word 1: ACTIVE) and will never leave, as one the browser killed inside a task.
    Atomics.add(new Int32Array(memory.buffer, ctrl, CONTROL_WORDS), 1, 1);
    expect(() => forward(broken)).toThrow(expect.objectContaining({ said: msg('engine.backend.threadStalled') }));
    expect(broken.threadCount()).toBe(1);
    expect(Buffer.from(forward(broken).buffer).equals(Buffer.from(expected.buffer))).toBe(true);
  });
});

describe('how many threads a task gets', () => {
  it('one per share of work worth a thread: 20 µs, or twice a slower measured wake-up; none where a thread waited over 1 ms for a core', () => {
    expect(minWorkPerThreadNs(null)).toBe(20_000);
    expect(minWorkPerThreadNs(0.005)).toBe(20_000);
    expect(minWorkPerThreadNs(0.4)).toBe(800_000);
    expect(minWorkPerThreadNs(1.5)).toBe(Infinity);
    expect(threadsFor(1e9, Infinity)).toBe(1);
    expect(threadsFor(5_000, 20_000)).toBe(1);
    expect(threadsFor(39_999, 20_000)).toBe(1);
    expect(threadsFor(40_000, 20_000)).toBe(2);
    expect(threadsFor(Infinity, 20_000)).toBe(Infinity);
    expect(threadsFor(2_000_000, 3_000_000)).toBe(1);
  });
});
