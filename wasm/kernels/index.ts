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
import { binary, softmax, unary } from './pointwise';
import { maxPool, maxPoolGrad } from './pool';
import { winogradFilterOutput, winogradGradient, winogradInput } from './winograd';
import { ACTIVE, arg, claim, CLOSED, GENERATION, NEXT_ITEM, QUIT, READY, SLEEPERS, SPIN_LIMIT, STALL_MS, TASK, WANTED, word } from './task';

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
const BINARY = 13;
const UNARY = 14;
const SOFTMAX = 15;
const MAX_POOL = 16;
const WAKE_PROBE = 17;
const WINOGRAD_INPUT = 18;
const WINOGRAD_GRADIENT = 19;
const WINOGRAD_FILTER_OUTPUT = 20;

// wakeProbe: 1 spins at most
/**
 * Measures how long a sleeping pool thread takes to join a task: the caller takes item 0 and spins
 * until another thread has claimed one (or for `spins` loads); a pool thread claims one and leaves.
 */
function wakeProbe(ctrl: usize, task: usize): void {
  if (claim(ctrl) != 0) return;
  const spins = arg(task, 1);
  for (let i = 0; i < spins && atomic.load<i32>(word(ctrl, NEXT_ITEM)) < 2; i++);
}

/** The calling thread sleeps 1 ms at a time while it waits for the workers (wait32 counts nanoseconds). */
const WAIT_NS: i64 = 1_000_000;

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
  else if (kind == BINARY) binary(ctrl, task);
  else if (kind == UNARY) unary(ctrl, task);
  else if (kind == SOFTMAX) softmax(ctrl, task);
  else if (kind == MAX_POOL) maxPool(ctrl, task);
  else if (kind == WAKE_PROBE) wakeProbe(ctrl, task);
  else if (kind == WINOGRAD_INPUT) winogradInput(ctrl, task);
  else if (kind == WINOGRAD_GRADIENT) winogradGradient(ctrl, task);
  else if (kind == WINOGRAD_FILTER_OUTPUT) winogradFilterOutput(ctrl, task);
  else unreachable();
}

/**
 * Runs a task on the calling thread and, when `workers` > 0, opens it to pool workers 1..workers (waking
 * those asleep). Work items are claimed one at a time, so a worker that wakes late takes fewer of them,
 * or none: once every item is claimed the task is closed, and the caller waits only for the workers that
 * joined it. Returns 0 when they are done; 1 if they make no progress for STALL_MS 1 ms waits (a worker
 * the browser killed inside a task): the caller then stops using the pool.
 */
export function run(ctrl: usize, task: usize, workers: i32): i32 {
  atomic.store<i32>(word(ctrl, NEXT_ITEM), 0);
  if (workers <= 0) {
    execute(ctrl, task);
    return 0;
  }
  atomic.store<i32>(word(ctrl, TASK), <i32>task);
  atomic.store<i32>(word(ctrl, WANTED), workers);
  atomic.store<i32>(word(ctrl, CLOSED), 0);
  atomic.add<i32>(word(ctrl, GENERATION), 1);
  // Every sleeper: one that is not wanted goes back to sleep, and a wanted one is never left asleep.
  if (atomic.load<i32>(word(ctrl, SLEEPERS)) > 0) atomic.notify(word(ctrl, GENERATION), -1);
  execute(ctrl, task);
  atomic.store<i32>(word(ctrl, CLOSED), 1);
  const spinLimit = atomic.load<i32>(word(ctrl, SPIN_LIMIT));
  let spins = 0;
  let idleWaits = 0;
  let progress = -1;
  for (let active = atomic.load<i32>(word(ctrl, ACTIVE)); active > 0; active = atomic.load<i32>(word(ctrl, ACTIVE))) {
    if (++spins <= spinLimit) continue;
    const now = active + atomic.load<i32>(word(ctrl, NEXT_ITEM));
    idleWaits = now == progress ? idleWaits + 1 : 0;
    progress = now;
    if (idleWaits > atomic.load<i32>(word(ctrl, STALL_MS))) return 1;
    memory.atomic.wait32(word(ctrl, ACTIVE), active, WAIT_NS);
  }
  return 0;
}

/**
 * Pool worker `index` (1, 2, …): announces itself, then takes part in each open task that asks for it
 * until told to quit. It spins SPIN_LIMIT times for the next task before sleeping.
 */
export function workerLoop(ctrl: usize, index: i32): void {
  let seen = atomic.load<i32>(word(ctrl, GENERATION));
  atomic.add<i32>(word(ctrl, READY), 1);
  atomic.notify(word(ctrl, READY), 1);
  let wanted = true;
  while (true) {
    // A worker the last task did not ask for goes back to sleep at once.
    let spins = wanted ? 0 : atomic.load<i32>(word(ctrl, SPIN_LIMIT));
    const spinLimit = atomic.load<i32>(word(ctrl, SPIN_LIMIT));
    while (atomic.load<i32>(word(ctrl, GENERATION)) == seen) {
      if (atomic.load<i32>(word(ctrl, QUIT)) != 0) return;
      if (++spins <= spinLimit) continue;
      atomic.add<i32>(word(ctrl, SLEEPERS), 1);
      memory.atomic.wait32(word(ctrl, GENERATION), seen, -1);
      atomic.sub<i32>(word(ctrl, SLEEPERS), 1);
    }
    seen = atomic.load<i32>(word(ctrl, GENERATION));
    if (atomic.load<i32>(word(ctrl, QUIT)) != 0) return;
    wanted = index <= atomic.load<i32>(word(ctrl, WANTED));
    if (!wanted) continue;
    atomic.add<i32>(word(ctrl, ACTIVE), 1);
    // Closed: the caller finished (or is writing the next task); a task opened meanwhile is joined whole.
    if (atomic.load<i32>(word(ctrl, CLOSED)) == 0) execute(ctrl, <usize>atomic.load<i32>(word(ctrl, TASK)));
    if (atomic.sub<i32>(word(ctrl, ACTIVE), 1) == 1) atomic.notify(word(ctrl, ACTIVE), 1);
  }
}
