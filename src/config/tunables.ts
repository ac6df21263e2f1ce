/** Named tunables with units, in one place. */

/** Image side of MNIST-like data sets, pixels. */
export const IMAGE_SIDE_PX = 28;
/** Pixels per image. */
export const IMAGE_PIXELS = IMAGE_SIDE_PX * IMAGE_SIDE_PX;
/** Classes in MNIST and Fashion-MNIST (a data set of your own has its own count: ImageDataset.classCount). */
export const NUM_CLASSES = 10;

/** Aim for a metrics read-back (a real sync) about this often while training, ms. */
export const METRICS_SYNC_INTERVAL_MS = 250;
/** Never sync less often than every this many steps, so charts keep moving. */
export const METRICS_MAX_STEPS_PER_SYNC = 50;
/** Test-set evaluation batch size, examples. */
export const EVAL_BATCH_SIZE = 500;
/** A leak alarm fires when the tensor count grows over this many consecutive syncs. */
export const LEAK_ALARM_CONSECUTIVE_GROWTHS = 3;
/** Chart history kept in the UI, points per series. */
export const CHART_MAX_POINTS = 2000;
/** GAN preview images are redrawn at most this often, ms. */
export const SAMPLE_INTERVAL_MS = 1000;
/** The GAN quality score is recomputed at most this often, ms. */
export const QUALITY_INTERVAL_MS = 5000;

/** A look inside a model lists this many worst-confused class pairs … */
export const CONFUSED_PAIRS_SHOWN = 3;
/** … each with up to this many of its test images. */
export const CONFUSED_EXAMPLES_PER_PAIR = 4;
/** The model summary profiles each layer at the run's batch, but at most this many examples (profiling is slow). */
export const SUMMARY_MAX_BATCH = 128;
/** A saved judge (a CNN from an earlier visit) was trained at an unknown batch; its summary profiles at this one. */
export const SUMMARY_DEFAULT_BATCH = 64;
/** Adam's epsilon when tensors are stored in 16-bit floats: the one TensorFlow.js picks for 16-bit backends (1e-7 is 0 in float16). */
export const FLOAT16_ADAM_EPSILON = 1e-4;
/** While a read-back is pending, the device is checked for loss this often, ms (a lost WebGL context never answers). */
export const DEVICE_LOST_POLL_MS = 100;
/**
 * The app's WebAssembly kernels give a task one more thread per this much work at least, in nanoseconds
 * of one thread: smaller tasks (a bias's Adam update) run on the calling thread alone. Where a sleeping
 * pool thread takes longer to join (measured when a job starts), a thread needs WASM_WAKE_UPS_PER_THREAD
 * of its wake-ups' worth of work instead: a thread that joins after the work is shared out saves nothing.
 */
export const WASM_MIN_WORK_PER_THREAD_NS = 20_000;
export const WASM_WAKE_UPS_PER_THREAD = 2;
/**
 * A pool thread that took longer than this to wake (ms) found no free core: other work holds the
 * machine, and a thread that waits that long for a core also loses it in mid-task, holding its share
 * while the others wait. Then no task is shared (measured: every core 1.1-1.6x slower than one at load
 * average 5-8 on 2 cores, where a thread took 4-5 ms).
 */
export const WASM_BUSY_WAKE_UP_MS = 1;
/** The wake-up is measured again when a job starts this long after the last measurement, ms. */
export const WASM_WAKE_REMEASURE_MS = 10_000;
/** Spins (atomic loads) a kernel pool thread makes waiting for the next task before it sleeps. */
export const WASM_SPIN_LIMIT = 4096;
/** Single-thread throughput the kernels assume when they estimate work: multiply-adds and elements per nanosecond. */
export const WASM_MACS_PER_NS = 8;
export const WASM_ELEMENTS_PER_NS = 2;
/**
 * A 3 x 3 stride-1 convolution's filter gradient goes through Winograd (2.25x fewer multiply-adds, plus
 * transforms) when both channel counts are at least this (measured: 1.2-1.35x faster at 48 → 96 and
 * 64 → 128, slower at 32 → 64), and its output fills at least this share of the 2 x 2 blocks (a 3 x 3
 * output fills 9 of 16).
 */
export const WINOGRAD_MIN_CHANNELS = 48;
export const WINOGRAD_MIN_TILE_USE = 0.7;

/**
 * While the device worker starts, or starts a backend (loading its package, compiling WebAssembly, spawning its
 * threads), the page pings it this often, ms: the worker answers between two tasks, so silence means its thread is stuck.
 */
export const WORKER_PING_MS = 1_000;
/** Silence this long while starting, ms, and the worker is stuck: it is replaced (Firefox can hang creating a worker). */
export const WORKER_STALL_MS = 10_000;
/** A job whose start stalled this many workers in a row ends with a sentence instead of trying a next one. */
export const WORKER_STALLED_STARTS_MAX = 3;
/** A data file whose server sends nothing for this long, ms (no answer, or no next bytes), is given up with a sentence. */
export const DATA_STALL_MS = 20_000;
/** Starting a backend (its package, WebAssembly compiles, a GPU adapter and device) that has not ended after this long, ms, is given up with a sentence. */
export const BACKEND_START_DEADLINE_MS = 30_000;

/**
 * Windows of the app's WebGPU engine's steps in flight at once: the one being read back and the one the
 * loop submitted ahead of that read, so the GPU never waits for the page between windows. Its read-back
 * ring has a slot for each.
 */
export const ENGINE_WINDOWS_IN_FLIGHT = 2;
/** After a wait on the engine's device failed, its loss is waited for this long, ms, before the failure is called a GPU error instead. */
export const ENGINE_LOST_GRACE_MS = 500;
/** The engine keeps the GPU's idle time before this many of its latest windows (the bench's median reads them). */
export const ENGINE_WINDOW_GAPS_KEPT = 1000;
