/**
 * GPU Playground's WebAssembly kernels: the training kernels TensorFlow.js's wasm backend lacks or runs
 * slowly, over the backend's own memory (imported, never copied) and run by every thread of a pool.
 *
 * The JS side (src/engine/backends/simd/) writes a task (task.ts) into that memory and calls `run`; the
 * pool's workers sit in `workerLoop` and take their share of the same task. Built four ways by
 * scripts/buildKernels.ts: shared or unshared memory (threads or not) x relaxed SIMD (fused
 * multiply-add) or plain SIMD.
 *
 * Nothing here has static data: the module must not write a byte of the memory it imports on start.
 */
import { convFilterGrad, convForward, convInputGrad } from './conv';
import { adam, addRows, reluGrad, sumRows } from './elementwise';
import { packPanels, padImages } from './layout';
import { matMul } from './matmul';
import { maxPoolGrad } from './pool';
import { arg, DONE, GENERATION, NEXT_ITEM, QUIT, READY, TASK, word, WORKERS } from './task';

/** Task kinds (word 0 of a task); src/engine/backends/simd/tasks.ts lists the same numbers. */
const CONV_FORWARD = 1;
const CONV_FILTER_GRAD = 2;
const MAT_MUL = 3;
const PAD_IMAGES = 4;
const PACK_PANELS = 5;
const MAX_POOL_GRAD = 7;
const SUM_ROWS = 8;
const RELU_GRAD = 9;
const ADAM = 10;
const ADD_ROWS = 11;
const CONV_INPUT_GRAD = 12;

/** Spins before sleeping: a step's kernels follow each other within microseconds. */
const SPIN = 4096;
/** The calling thread sleeps 1 ms at a time while it waits for the workers (wait32 counts nanoseconds). */
const WAIT_NS: i64 = 1_000_000;
/** Waits with no work item claimed and no worker done before the task is given up as stalled: 10 s. */
const STALL_WAITS = 10_000;

function execute(ctrl: usize, task: usize): void {
  const kind = arg(task, 0);
  if (kind == CONV_FORWARD) convForward(ctrl, task);
  else if (kind == CONV_FILTER_GRAD) convFilterGrad(ctrl, task);
  else if (kind == MAT_MUL) matMul(ctrl, task);
  else if (kind == PAD_IMAGES) padImages(ctrl, task);
  else if (kind == PACK_PANELS) packPanels(ctrl, task);
  else if (kind == MAX_POOL_GRAD) maxPoolGrad(ctrl, task);
  else if (kind == SUM_ROWS) sumRows(ctrl, task);
  else if (kind == RELU_GRAD) reluGrad(ctrl, task);
  else if (kind == ADAM) adam(ctrl, task);
  else if (kind == ADD_ROWS) addRows(ctrl, task);
  else if (kind == CONV_INPUT_GRAD) convInputGrad(ctrl, task);
  else unreachable();
}

/**
 * Runs a task on the calling thread and, when `workers` > 0, on that many pool workers (all of them
 * waiting in workerLoop); returns 0 when every thread is done. Work items are claimed one at a time, so
 * a thread the OS delays takes fewer of them. Returns 1 if the workers stop making progress for
 * STALL_WAITS waits (a worker the browser killed): the caller then stops using the pool.
 */
export function run(ctrl: usize, task: usize, workers: i32): i32 {
  atomic.store<i32>(word(ctrl, NEXT_ITEM), 0);
  if (workers > 0) {
    atomic.store<i32>(word(ctrl, DONE), 0);
    atomic.store<i32>(word(ctrl, TASK), <i32>task);
    atomic.store<i32>(word(ctrl, WORKERS), workers);
    atomic.add<i32>(word(ctrl, GENERATION), 1);
    atomic.notify(word(ctrl, GENERATION), workers);
  }
  execute(ctrl, task);
  if (workers <= 0) return 0;
  let spins = 0;
  let idleWaits = 0;
  let progress = -1;
  for (let done = atomic.load<i32>(word(ctrl, DONE)); done < workers; done = atomic.load<i32>(word(ctrl, DONE))) {
    if (++spins <= SPIN) continue;
    const now = done + atomic.load<i32>(word(ctrl, NEXT_ITEM));
    idleWaits = now == progress ? idleWaits + 1 : 0;
    progress = now;
    if (idleWaits > STALL_WAITS) return 1;
    memory.atomic.wait32(word(ctrl, DONE), done, WAIT_NS);
  }
  return 0;
}

/** A pool worker's whole life: announce itself, then take a share of each task until told to quit. */
export function workerLoop(ctrl: usize): void {
  let seen = atomic.load<i32>(word(ctrl, GENERATION));
  atomic.add<i32>(word(ctrl, READY), 1);
  atomic.notify(word(ctrl, READY), 1);
  while (true) {
    let spins = 0;
    let generation = atomic.load<i32>(word(ctrl, GENERATION));
    while (generation == seen) {
      if (atomic.load<i32>(word(ctrl, QUIT)) != 0) return;
      if (++spins > SPIN) memory.atomic.wait32(word(ctrl, GENERATION), seen, -1);
      generation = atomic.load<i32>(word(ctrl, GENERATION));
    }
    seen = generation;
    if (atomic.load<i32>(word(ctrl, QUIT)) != 0) return;
    execute(ctrl, <usize>atomic.load<i32>(word(ctrl, TASK)));
    atomic.add<i32>(word(ctrl, DONE), 1);
    atomic.notify(word(ctrl, DONE), 1);
  }
}
