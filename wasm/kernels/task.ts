/**
 * A task is a block of i32 words in the shared memory: word 0 is its kind, the rest its arguments
 * (pointers are byte offsets into this memory; floats are stored as their f32 bits). The JS side writes
 * it (src/engine/backends/simd/tasks.ts mirrors these layouts) and `run` executes it on every thread.
 */
@inline export function arg(task: usize, index: i32): i32 {
  return load<i32>(task + (<usize>index << 2));
}

@inline export function ptr(task: usize, index: i32): usize {
  return <usize>load<u32>(task + (<usize>index << 2));
}

@inline export function argf(task: usize, index: i32): f32 {
  return load<f32>(task + (<usize>index << 2));
}

/**
 * The control block that threads share (i32 words). A worker joins a task (ACTIVE + 1) and reads it only
 * while the task is open (CLOSED == 0); the caller closes it once every work item is claimed and waits only
 * for the workers that joined, never for one still waking up.
 */
export const GENERATION = 0;
/** Workers inside the open task. */
export const ACTIVE = 1;
export const TASK = 2;
export const NEXT_ITEM = 3;
export const READY = 4;
export const QUIT = 5;
/** Workers asked to take part in the task: those numbered 1..WANTED. */
export const WANTED = 6;
/** 0 while the task may be joined; 1 between tasks (the block starts closed). */
export const CLOSED = 7;
/** Workers asleep in wait32: the caller notifies only when one is. */
export const SLEEPERS = 8;
/** Spins before a waiting thread sleeps, set by the JS side (src/engine/backends/simd/kernelPool.ts). */
export const SPIN_LIMIT = 9;
/** Milliseconds without progress before the caller gives a task up as stalled, set by the JS side. */
export const STALL_MS = 10;

@inline export function word(ctrl: usize, index: i32): usize {
  return ctrl + (<usize>index << 2);
}

/** Claims the next work item of the running task; items at or past `count` mean no work is left. */
@inline export function claim(ctrl: usize): i32 {
  return atomic.add<i32>(word(ctrl, NEXT_ITEM), 1);
}
