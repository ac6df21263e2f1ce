/**
 * The three products of a convolution (ConvGeometry), each a GemmSpec over buffers a layer names:
 * the convolution itself, its input gradient (the full correlation of the output's gradient with the
 * kernel: a transposed convolution's forward pass), and its kernel's gradient. Strided input gradients
 * are one product per output phase (y mod sy, x mod sx), each over just the kernel taps that reach it.
 * Kernel layout [KH, KW, C, F] at `offset` floats into `params`.
 */
import type { Bound } from '../program';
import type { GemmSpec } from '../kernels/gemm/spec';
import { unpadded, type ConvGeometry } from './convGeometry';

/** What a product reads and where its sums go: `a` is the convolution's input side, `b` the other operand. */
export interface ConvOperands {
  label: string;
  batch: number;
  bound: readonly Bound[];
  /** WGSL name of the bound buffer A is read from, and of B's (the kernel's for the convolution and its input gradient). */
  a: string;
  b: string;
  /** Float offset of the kernel in B (the convolution and its input gradient). */
  offset: number;
  store: string;
  helpers?: string;
}

/** y = conv(x): M = batch · OH · OW output pixels, N = F filters, the sum over each pixel's patch. */
export function convSpec(g: ConvGeometry, o: ConvOperands): GemmSpec {
  const { H, W, C, KH, KW, F, sy, sx, pt, pl, OH, OW } = g;
  const pixel = `let b = m / ${OH * OW}u; let r = m % ${OH * OW}u; let iy = i32(r / ${OW}u) * ${sy} - ${pt}; let ix = i32(r % ${OW}u) * ${sx} - ${pl};`;
  const common = { label: o.label, M: o.batch * OH * OW, N: F, bound: o.bound, store: o.store, helpers: o.helpers, bCol: 'return i32(n);', bContiguous: 'n' as const };
  if (unpadded(g)) {
    // Always inside the image: a step is one kernel row, whose KW · C values lie side by side in x.
    return {
      ...common,
      KO: KH,
      KI: KW * C,
      aRow: `${pixel} return Row((i32(b) * ${H} + iy) * ${W * C} + ix * ${C}, 0, 0);`,
      kStep: `let ky = i32(ko); return Step(ky * ${W * C}, ${o.offset} + ky * ${KW * C * F}, 0, 0);`,
      a: { buffer: o.a, stride: 1 },
      b: { buffer: o.b, stride: F },
    };
  }
  return {
    ...common,
    KO: KH * KW,
    KI: C,
    aRow: `${pixel} return Row((i32(b) * ${H} + iy) * ${W * C} + ix * ${C}, iy, ix);`,
    kStep: `let ky = i32(ko / ${KW}u); let kx = i32(ko % ${KW}u); return Step((ky * ${W} + kx) * ${C}, ${o.offset} + i32(ko) * ${C * F}, ky, kx);`,
    a: { buffer: o.a, stride: 1, bounds: { H, W, xStride: 0 } },
    b: { buffer: o.b, stride: F },
  };
}

/** One output phase of an input gradient: its rows (qy, qx) are the pixels iy = qy · sy + py, ix = qx · sx + px. */
export interface Phase {
  py: number;
  px: number;
  QH: number;
  QW: number;
}

export function phasesOf(g: ConvGeometry): Phase[] {
  const out: Phase[] = [];
  for (let py = 0; py < g.sy; py++) {
    for (let px = 0; px < g.sx; px++) {
      const QH = Math.ceil((g.H - py) / g.sy);
      const QW = Math.ceil((g.W - px) / g.sx);
      if (QH > 0 && QW > 0) out.push({ py, px, QH, QW });
    }
  }
  return out;
}

/** WGSL: the input pixel of row m of `phase` as b, iy, ix (for a store), and its index in a [batch, H, W] image. */
export function phasePixel(g: ConvGeometry, phase: Phase): string {
  const { QH, QW, py, px } = phase;
  return `let b = m / ${QH * QW}u; let q = m % ${QH * QW}u; let iy = (q / ${QW}u) * ${g.sy}u + ${py}u; let ix = (q % ${QW}u) * ${g.sx}u + ${px}u; let pixel = (b * ${g.H}u + iy) * ${g.W}u + ix;`;
}

/**
 * dx = the input gradient of conv for one output phase: M = batch · QH · QW, N = C, the sum over the taps
 * (ky ≡ py + pt mod sy, likewise x) and the F values of dy at the output pixel each tap reaches. The store
 * finds its pixel with phasePixel.
 */
export function inputGradientSpec(g: ConvGeometry, phase: Phase, o: ConvOperands): GemmSpec {
  const { KH, KW, C, F, sy, sx, pt, pl, OH, OW } = g;
  const ky0 = (phase.py + pt) % sy;
  const kx0 = (phase.px + pl) % sx;
  const nky = Math.max(0, Math.ceil((KH - ky0) / sy));
  const nkx = Math.max(0, Math.ceil((KW - kx0) / sx));
  // Output pixel reached by tap (ky0 + jy·sy) from row qy: oy = qy + ey0 − jy.
  const ey0 = (phase.py + pt - ky0) / sy;
  const ex0 = (phase.px + pl - kx0) / sx;
  const { QH, QW } = phase;
  return {
    label: o.label,
    M: o.batch * QH * QW,
    N: C,
    KO: nky * nkx,
    KI: F,
    bound: o.bound,
    aRow: `let b = m / ${QH * QW}u; let q = m % ${QH * QW}u; let qy = i32(q / ${QW}u); let qx = i32(q % ${QW}u);
      return Row((i32(b) * ${OH} + qy) * ${OW * F} + qx * ${F}, qy, qx);`,
    kStep: `let jy = i32(ko / ${Math.max(nkx, 1)}u); let jx = i32(ko % ${Math.max(nkx, 1)}u);
      let ky = ${ky0} + jy * ${sy}; let kx = ${kx0} + jx * ${sx}; let dy = ${ey0} - jy; let dx = ${ex0} - jx;
      return Step((dy * ${OW} + dx) * ${F}, ${o.offset} + (ky * ${KW} + kx) * ${C * F}, dy, dx);`,
    bCol: `return i32(n) * ${F};`,
    a: { buffer: o.a, stride: 1, bounds: { H: OH, W: OW, xStride: 0 } },
    b: { buffer: o.b, stride: 1 },
    store: o.store,
    helpers: o.helpers,
    bContiguous: 'k',
  };
}

/**
 * dW = Σ over every output pixel of its input patch times dy there: M = KH · KW · C (and a row of ones
 * for the bias when `biasRow`), N = F, the sum over the batch's output rows (steps) and their OW pixels.
 * `a` is the convolution's input, `b` its output's gradient.
 */
export function kernelGradientSpec(g: ConvGeometry, biasRow: boolean, o: Omit<ConvOperands, 'offset'>): GemmSpec {
  const { H, W, C, KW, F, sy, sx, pt, pl, OH, OW } = g;
  const patch = g.KH * KW * C;
  return {
    label: o.label,
    M: biasRow ? patch + 1 : patch,
    N: F,
    KO: o.batch * OH,
    KI: OW,
    bound: o.bound,
    aRow: `let ky = i32(m / ${KW * C}u) - ${pt}; let kx = i32((m / ${C}u) % ${KW}u) - ${pl}; return Row((ky * ${W} + kx) * ${C} + i32(m % ${C}u), ky, kx);`,
    kStep: `let b = i32(ko / ${OH}u); let y = i32(ko % ${OH}u) * ${sy}; return Step((b * ${H} + y) * ${W * C}, i32(ko) * ${OW * F}, y, 0);`,
    bCol: 'return i32(n);',
    a: unpadded(g) ? { buffer: o.a, stride: sx * C } : { buffer: o.a, stride: sx * C, bounds: { H, W, xStride: sx } },
    b: { buffer: o.b, stride: F },
    ...(biasRow ? { onesRow: patch } : {}),
    store: o.store,
    helpers: o.helpers,
    bContiguous: 'n',
  };
}

/** Σ over every pixel of an [batch, H, W, C] gradient, per channel: a transposed convolution's bias gradient. */
export function channelSumSpec(batch: number, H: number, W: number, C: number, o: Pick<ConvOperands, 'label' | 'bound' | 'b' | 'store'>): GemmSpec {
  return {
    label: o.label,
    M: 1,
    N: C,
    KO: batch * H,
    KI: W,
    bound: o.bound,
    aRow: 'return Row(0, 0, 0);',
    kStep: `return Step(0, i32(ko) * ${W * C}, 0, 0);`,
    bCol: 'return i32(n);',
    a: { buffer: o.b, stride: 0 },
    b: { buffer: o.b, stride: C },
    onesRow: 0,
    store: o.store,
    bContiguous: 'n',
  };
}
