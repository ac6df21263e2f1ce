/**
 * The task layouts of wasm/kernels (word 0 the kind, then i32 arguments; pointers are byte offsets into
 * the backend's memory, floats their f32 bits). One builder per kind, named like the AssemblyScript
 * function it runs; wasm/kernels/index.ts lists the same kind numbers.
 */

export const TASK_KIND = {
  convForward: 1,
  convFilterGrad: 2,
  matMul: 3,
  padImages: 4,
  packPanels: 5,
  maxPoolGrad: 7,
  sumRows: 8,
  reluGrad: 9,
  adam: 10,
  addRows: 11,
  convInputGrad: 12,
  binary: 13,
  unary: 14,
  softmax: 15,
  maxPool: 16,
  wakeProbe: 17,
  winogradInput: 18,
  winogradGradient: 19,
  winogradFilterOutput: 20,
} as const;

export type TaskWords = number[];

const bits = new DataView(new ArrayBuffer(4));
/** The i32 word holding a float32's bits. */
export function f32Word(value: number): number {
  bits.setFloat32(0, value, true);
  return bits.getInt32(0, true);
}

/** A convolution over a padded NHWC input: forward (b = the filter) or the filter gradient (b = dy). */
export interface ConvTask {
  x: number;
  images: number;
  height: number;
  width: number;
  channels: number;
  kernelHeight: number;
  kernelWidth: number;
  strideHeight: number;
  strideWidth: number;
  outHeight: number;
  outWidth: number;
  outChannels: number;
  /** Forward: the filter packed in panels (packPanelsTask). Filter gradient: dy, rows `bRowBytes` apart (a whole number of tiles wide). */
  b: number;
  bRowBytes: number;
  out: number;
  /** Columns per tile: 16, or 8 for products with at most 8 columns. */
  tileColumns: 8 | 16;
}

export function convTask(kind: 'convForward' | 'convFilterGrad', t: ConvTask): TaskWords {
  return [
    TASK_KIND[kind], t.x, t.images, t.height, t.width, t.channels, t.kernelHeight, t.kernelWidth, t.strideHeight, t.strideWidth,
    t.outHeight, t.outWidth, t.outChannels, t.b, t.bRowBytes, t.out, t.tileColumns,
  ];
}

export interface MatMulTask {
  a: number;
  /** B packed in panels (packPanelsTask), batch after batch. */
  b: number;
  c: number;
  batches: number;
  m: number;
  k: number;
  n: number;
  aRowBytes: number;
  aColBytes: number;
  aBatchBytes: number;
  bBatchBytes: number;
  cBatchBytes: number;
  tileColumns: 8 | 16;
}

export function matMulTask(t: MatMulTask): TaskWords {
  return [
    TASK_KIND.matMul, t.a, t.b, t.c, t.batches, t.m, t.k, t.n, t.aRowBytes, t.aColBytes, 0,
    t.aBatchBytes, t.bBatchBytes, t.cBatchBytes, t.tileColumns,
  ];
}

export function padImagesTask(t: { x: number; images: number; height: number; width: number; channels: number; top: number; left: number; paddedHeight: number; paddedWidth: number; out: number }): TaskWords {
  return [TASK_KIND.padImages, t.x, t.images, t.height, t.width, t.channels, t.top, t.left, t.paddedHeight, t.paddedWidth, t.out];
}

/**
 * [rows, cols] (rows srcRowBytes apart; transposed: src holds [cols, rows]) into panels of
 * `panelColumns` columns, zero-padded; one panel as wide as the padded row is a row-padded copy.
 */
export function packPanelsTask(t: {
  src: number;
  rows: number;
  cols: number;
  srcRowBytes: number;
  transposed: boolean;
  dst: number;
  panelColumns: number;
  /** Several matrices at once (a filter's taps), srcStrideBytes and dstStrideBytes apart. */
  count?: number;
  srcStrideBytes?: number;
  dstStrideBytes?: number;
}): TaskWords {
  return [TASK_KIND.packPanels, t.src, t.rows, t.cols, t.srcRowBytes, t.transposed ? 1 : 0, t.dst, t.panelColumns, t.count ?? 1, t.srcStrideBytes ?? 0, t.dstStrideBytes ?? 0];
}

/** A convolution's input gradient added straight into dx (the filter packed per tap: [kh·kw][c/nr][o][nr]). */
export function convInputGradTask(t: {
  dy: number;
  images: number;
  outHeight: number;
  outWidth: number;
  outChannels: number;
  height: number;
  width: number;
  channels: number;
  kernelHeight: number;
  kernelWidth: number;
  strideHeight: number;
  strideWidth: number;
  padTop: number;
  padLeft: number;
  panels: number;
  dx: number;
  tileColumns: 8 | 16;
}): TaskWords {
  return [
    TASK_KIND.convInputGrad, t.dy, t.images, t.outHeight, t.outWidth, t.outChannels, t.height, t.width, t.channels,
    t.kernelHeight, t.kernelWidth, t.strideHeight, t.strideWidth, t.padTop, t.padLeft, t.panels, t.dx, t.tileColumns,
  ];
}

export interface MaxPoolGradTask {
  x: number;
  y: number;
  dy: number;
  dx: number;
  images: number;
  height: number;
  width: number;
  channels: number;
  outHeight: number;
  outWidth: number;
  filterHeight: number;
  filterWidth: number;
  strideHeight: number;
  strideWidth: number;
  padTop: number;
  padLeft: number;
}

/** MaxPool itself: the same layout, y written, dy and dx unused. */
export function maxPoolTask(t: Omit<MaxPoolGradTask, 'dy' | 'dx'>): TaskWords {
  return maxPoolGradTask({ ...t, dy: 0, dx: 0 }).map((word, i) => (i === 0 ? TASK_KIND.maxPool : word));
}

export function maxPoolGradTask(t: MaxPoolGradTask): TaskWords {
  return [
    TASK_KIND.maxPoolGrad, t.x, t.y, t.dy, t.dx, t.images, t.height, t.width, t.channels, t.outHeight, t.outWidth,
    t.filterHeight, t.filterWidth, t.strideHeight, t.strideWidth, t.padTop, t.padLeft,
  ];
}

export function sumRowsTask(t: { x: number; rows: number; cols: number; out: number }): TaskWords {
  return [TASK_KIND.sumRows, t.x, t.rows, t.cols, t.out];
}

export function addRowsTask(t: { x: number; rows: number; cols: number; bias: number; out: number }): TaskWords {
  return [TASK_KIND.addRows, t.x, t.rows, t.cols, t.bias, t.out];
}

export function reluGradTask(t: { dy: number; x: number; out: number; count: number }): TaskWords {
  return [TASK_KIND.reluGrad, t.dy, t.x, t.out, t.count];
}

export interface AdamTask {
  variable: number;
  m: number;
  v: number;
  grad: number;
  newVariable: number;
  newM: number;
  newV: number;
  count: number;
  accBeta1: number;
  accBeta2: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  learningRate: number;
}

/** 1 − β and −lr are rounded to float32 from the doubles, as tf.AdamOptimizer's scalars are. */
export function adamTask(t: AdamTask): TaskWords {
  return [
    TASK_KIND.adam, t.variable, t.m, t.v, t.grad, t.newVariable, t.newM, t.newV, t.count, t.accBeta1, t.accBeta2,
    f32Word(t.beta1), f32Word(1 - t.beta1), f32Word(t.beta2), f32Word(1 - t.beta2), f32Word(t.epsilon), f32Word(-t.learningRate),
  ];
}

/** The binary operations of wasm/kernels/pointwise.ts, by their op number. */
export const BINARY_OP = { add: 0, sub: 1, mul: 2, div: 3, max: 4, min: 5 } as const;
export type BinaryOp = keyof typeof BINARY_OP;

/** Where an operand's element for (row, column) of the output lies: row·outer + column·inner elements. */
export interface OperandStrides {
  outer: number;
  inner: number;
}

export function binaryTask(t: { op: BinaryOp; a: number; b: number; out: number; count: number; inner: number; aStrides: OperandStrides; bStrides: OperandStrides }): TaskWords {
  return [TASK_KIND.binary, BINARY_OP[t.op], t.a, t.b, t.out, t.count, t.inner, t.aStrides.outer, t.aStrides.inner, t.bStrides.outer, t.bStrides.inner];
}

/** The unary operations of wasm/kernels/pointwise.ts, by their op number. */
export const UNARY_OP = { relu: 0, relu6: 1, leakyRelu: 2, neg: 3, abs: 4, square: 5, sqrt: 6, clip: 7, sigmoid: 8 } as const;
export type UnaryOp = keyof typeof UNARY_OP;

/** `p`: LeakyReLU's alpha or ClipByValue's lower bound; `q`: its upper bound. */
export function unaryTask(t: { op: UnaryOp; x: number; out: number; count: number; p?: number; q?: number }): TaskWords {
  return [TASK_KIND.unary, UNARY_OP[t.op], t.x, t.out, t.count, f32Word(t.p ?? 0), f32Word(t.q ?? 0)];
}

export function softmaxTask(t: { x: number; out: number; rows: number; cols: number }): TaskWords {
  return [TASK_KIND.softmax, t.x, t.out, t.rows, t.cols];
}

/** A probe of a sleeping pool thread's wake-up: the caller spins until it joins, or for `spins` loads. */
export function wakeProbeTask(spins: number): TaskWords {
  return [TASK_KIND.wakeProbe, spins];
}

/** Winograd tiles over dy [n, height, width, channels]: 2 x 2 blocks each (wasm/kernels/winograd.ts). */
export interface WinogradTiles {
  images: number;
  tilesHigh: number;
  tilesWide: number;
}

/** Bᵀ d B of each tile's 4 x 4 patch of x (from (2ty − padTop, 2tx − padLeft); outside reads 0) into v: [16][tiles][channels]. */
export function winogradInputTask(t: WinogradTiles & { x: number; height: number; width: number; channels: number; padTop: number; padLeft: number; v: number }): TaskWords {
  return [TASK_KIND.winogradInput, t.x, t.images, t.height, t.width, t.channels, t.padTop, t.padLeft, t.tilesHigh, t.tilesWide, t.v];
}

/** G₂ g G₂ᵀ of each 2 x 2 block of dy, straight into matrix-product panels of `tileColumns`: [16][panels][tiles][tileColumns]. */
export function winogradGradientTask(t: WinogradTiles & { dy: number; outHeight: number; outWidth: number; outChannels: number; panels: number; tileColumns: 8 | 16 }): TaskWords {
  return [TASK_KIND.winogradGradient, t.dy, t.images, t.outHeight, t.outWidth, t.outChannels, t.tilesHigh, t.tilesWide, t.panels, t.tileColumns];
}

/** A₂ᵀ m A₂ of m [16][c][o] into the filter gradient [3, 3, c, o]. */
export function winogradFilterOutputTask(t: { m: number; channels: number; outChannels: number; dw: number }): TaskWords {
  return [TASK_KIND.winogradFilterOutput, t.m, t.channels, t.outChannels, t.dw];
}
