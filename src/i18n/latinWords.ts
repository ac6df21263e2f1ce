/**
 * Finds English left on a page that speaks another language: every Latin word in its texts that is
 * neither code (an API, a flag, a file name) nor on the short list of names and units that read the
 * same in every language. Pure, so the Chinese end-to-end test and its own unit test share it.
 */

/** A word, or a name joined by `.` `_` `-` `/` `+` (tf.time, EXT_color_buffer_float, GFLOP/s, tfjs-core, Ctrl+C). */
const TOKEN = /[A-Za-z0-9]+(?:[._\-/+'’][A-Za-z0-9]+)*/g;
const LATIN_LETTER = /[A-Za-z]/g;
/** Fewer letters than this is a symbol (n, k, x, D, G), not a word. */
const MIN_LETTERS = 2;

export interface AllowedName {
  /** A word exactly as the page writes it, or a pattern a whole word must match. */
  name: string | RegExp;
  /** Why it may stay: a product, a unit, a model name... */
  why: string;
}

/**
 * What a Chinese page may show in Latin letters. Short on purpose: each entry is a name or a unit
 * that Chinese technical writing keeps as it is, never an English word.
 */
export const ALLOWED_LATIN: readonly AllowedName[] = [
  { name: 'GPU', why: 'the hardware, as Chinese writes it (the app is "GPU 训练场")' },
  { name: 'CPU', why: 'the hardware, as Chinese writes it' },
  { name: 'WebGL', why: 'a browser API, a product name' },
  { name: 'WebGPU', why: 'a browser API, a product name' },
  { name: 'WebAssembly', why: 'a browser technology, a product name' },
  { name: 'SIMD', why: 'an instruction set name (the backend is "WebAssembly SIMD")' },
  { name: 'Relaxed', why: 'in "Relaxed SIMD", the WebAssembly feature’s name (the device report says which kernels run)' },
  { name: 'JavaScript', why: 'a language name' },
  { name: 'SharedArrayBuffer', why: 'a browser API by its name (WebAssembly threads need it)' },
  { name: 'Safari', why: 'a browser, a product name' },
  { name: 'WebKit', why: 'a browser engine, a product name' },
  { name: 'AllowWebGLInWorkers', why: 'a WebKit feature flag, by the name its settings show' },
  { name: 'JS', why: 'short for JavaScript in "CPU（纯 JS）"' },
  { name: 'TensorFlow.js', why: 'the library, a product name' },
  { name: 'TensorFlow', why: 'the library, a product name ("Export for TensorFlow")' },
  { name: 'XNNPACK', why: 'the library of TensorFlow.js’s WebAssembly kernels, whose thread pool the device report and the race name' },
  { name: 'Keras', why: 'the library the export targets, a product name' },
  { name: 'TensorBoard', why: 'the log viewer a run’s logs are downloaded for, a product name' },
  { name: 'MNIST', why: 'the data set’s name' },
  { name: 'Fashion-MNIST', why: 'the data set’s name' },
  { name: 'CNN', why: 'the model family’s usual abbreviation in Chinese texts' },
  { name: 'MLP', why: 'the model family’s usual abbreviation' },
  { name: 'GAN', why: 'the model family’s usual abbreviation' },
  { name: 'DCGAN', why: 'a model’s name' },
  { name: 'Adam', why: 'the optimizer’s name' },
  { name: 'GFLOP/s', why: 'a unit' },
  { name: /^[kMGT]B$/, why: 'byte units (kB, MB, GB)' },
  { name: /^[KMGT]iB$/, why: 'binary byte units (KiB, MiB, GiB)' },
  { name: 'ms', why: 'a unit on chart axes and tables' },
  { name: 'PNG', why: 'a file format' },
  { name: 'CSV', why: 'a file format' },
  { name: 'JSON', why: 'a file format' },
  { name: 'GPCK', why: 'the saved-model file format, by its magic bytes' },
  { name: 'GPDS', why: 'the data set file format, by its magic bytes' },
  { name: 'JPEG', why: 'a file format' },
  { name: 'WebP', why: 'a file format' },
  { name: 'ZIP', why: 'a file format' },
  { name: 'Ctrl+C', why: 'a key on the keyboard' },
  { name: 'English', why: 'the language picker names each language in its own language' },
];

/** An API, type, flag or file name: written as code whatever the page's language, so never a translation left undone. */
export function isCode(token: string, before: string): boolean {
  if (before.endsWith('-')) return true; // a command-line flag: --enable-unsafe-webgpu
  if (before.endsWith('.')) return true; // a file extension: .gpck
  if (/[._]/.test(token)) return true; // navigator.gpu, tf.time, EXT_disjoint_timer_query_webgl2, model.gpck
  if (/\d/.test(token)) return true; // a type or format with its width: float32, UTF-8, webgl2, 7x7x64
  return /^[a-z]+[A-Z]/.test(token); // requestAdapter, maxBufferSize, isFallbackAdapter
}

function allowed(token: string, names: readonly AllowedName[]): boolean {
  return names.some(({ name }) => (typeof name === 'string' ? name === token : name.test(token)));
}

export interface LatinWord {
  word: string;
  /** The text it was found in, to find it on the page. */
  text: string;
}

/** Every Latin word in the texts that is neither code nor allowed. */
export function latinWords(texts: readonly string[], names: readonly AllowedName[] = ALLOWED_LATIN): LatinWord[] {
  const found: LatinWord[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(TOKEN)) {
      const word = match[0];
      if ((word.match(LATIN_LETTER)?.length ?? 0) < MIN_LETTERS) continue;
      if (allowed(word, names) || isCode(word, text.slice(0, match.index))) continue;
      found.push({ word, text });
    }
  }
  return found;
}
