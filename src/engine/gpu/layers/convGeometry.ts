/**
 * A 2-D convolution's shapes as TensorFlow.js computes them (channel-last; 'valid' or 'same' padding,
 * the padding before the image floor(total / 2) as computeConv2DInfo puts it), from the convolution's
 * own side: input [H, W, C], kernel [KH, KW, C, F], output [OH, OW, F]. A transposed convolution is this
 * convolution run backwards (its input is the convolution's output, and the other way round).
 */

export interface ConvGeometry {
  H: number;
  W: number;
  C: number;
  KH: number;
  KW: number;
  F: number;
  /** Stride along y and x. */
  sy: number;
  sx: number;
  /** Padding before the image, top and left (0 for 'valid'). */
  pt: number;
  pl: number;
  OH: number;
  OW: number;
}

export type Padding = 'valid' | 'same';

function side(input: number, kernel: number, stride: number, padding: Padding): { out: number; before: number } {
  if (padding === 'valid') return { out: Math.ceil((input - kernel + 1) / stride), before: 0 };
  const out = Math.ceil(input / stride);
  return { out, before: Math.floor(Math.max(0, (out - 1) * stride + kernel - input) / 2) };
}

/** The convolution of an [H, W, C] input by a [KH, KW, C, F] kernel, or null when its output would be empty. */
export function convGeometry(input: { H: number; W: number; C: number }, kernel: { KH: number; KW: number; F: number }, strides: [number, number], padding: Padding): ConvGeometry | null {
  const y = side(input.H, kernel.KH, strides[0], padding);
  const x = side(input.W, kernel.KW, strides[1], padding);
  if (y.out < 1 || x.out < 1) return null;
  return { ...input, ...kernel, sy: strides[0], sx: strides[1], pt: y.before, pl: x.before, OH: y.out, OW: x.out };
}

/**
 * The convolution whose input gradient a transposed convolution's forward pass is: its input is the
 * transposed layer's output ([H·s, W·s, F] for 'same', as TensorFlow.js's conv2dTranspose sizes it), its
 * output the transposed layer's input. Null when the shapes do not agree.
 */
export function transposedGeometry(input: { H: number; W: number; C: number }, kernel: { KH: number; KW: number; F: number }, strides: [number, number], padding: Padding): ConvGeometry | null {
  const out = (size: number, k: number, s: number) => (padding === 'same' ? size * s : size * s + Math.max(k - s, 0));
  const g = convGeometry({ H: out(input.H, kernel.KH, strides[0]), W: out(input.W, kernel.KW, strides[1]), C: kernel.F }, { KH: kernel.KH, KW: kernel.KW, F: input.C }, strides, padding);
  return g && g.OH === input.H && g.OW === input.W ? g : null;
}

export function unpadded(g: ConvGeometry): boolean {
  return g.pt === 0 && g.pl === 0 && (g.OH - 1) * g.sy + g.KH <= g.H && (g.OW - 1) * g.sx + g.KW <= g.W;
}
