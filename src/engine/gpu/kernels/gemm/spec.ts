/**
 * A matrix product as the engine's layers describe it: C[m, n] = Σ_k A(m, k) · B(k, n), with A and B read
 * in place (a convolution's patches straight from its input, no im2col buffer). The sum over k walks KO
 * steps of KI values each (k = ko · KI + ki: a convolution's taps and channels, a weight gradient's rows
 * of pixels), and every address is affine in ki, so a kernel's inner loop adds and multiplies but never
 * divides: where a row starts (aRow) is worked out once per thread, where a step starts (kStep) once per
 * step, and only the per-output store may divide.
 *
 *   A(m, k) = a[row.base + step.a + ki · a.stride], and 0 unless 0 <= row.y + step.y < a.bounds.H and
 *             0 <= row.x + step.x + ki · a.bounds.xStride < a.bounds.W (a padded or strided convolution);
 *             1 on the row `onesRow` (a bias's gradient, summed beside its kernel's);
 *   B(k, n) = b[step.b + ki · b.stride + bCol(n)].
 */
import type { Bound } from '../../program';

export interface GemmBounds {
  /** Rows and columns of the image A's y and x index. */
  H: number;
  W: number;
  /** How far x moves per ki (a weight gradient walks a row of output pixels along ki); 0 when x is fixed within a step. */
  xStride: number;
}

export interface GemmSpec {
  label: string;
  M: number;
  N: number;
  /** Steps of the sum, and values per step: K = KO · KI. */
  KO: number;
  KI: number;
  /** The layer's buffers, as its snippets name them. */
  bound: readonly Bound[];
  /** WGSL body of fn aRow(m: u32) -> Row (Row: base, y, x as i32), called once per row a thread owns. */
  aRow: string;
  /** WGSL body of fn kStep(ko: u32) -> Step (Step: a, b, y, x as i32), called once per step of the sum. */
  kStep: string;
  /** WGSL body of fn bCol(n: u32) -> i32, called once per column a thread owns. */
  bCol: string;
  a: { buffer: string; stride: number; bounds?: GemmBounds };
  b: { buffer: string; stride: number };
  /** The row of A that is all ones (a bias's gradient row), if any. */
  onesRow?: number;
  /** WGSL body of fn store(m: u32, n: u32, v: f32), called once per output with its whole sum. */
  store: string;
  /** Which index runs along memory in B (neighbouring threads then load neighbouring words in the tiled forms). */
  bContiguous: 'k' | 'n';
  /** WGSL functions the snippets call (activation helpers). */
  helpers?: string;
  /** WGSL functions over Row and Step that aRow and kStep call (a step cut in pieces calls the whole one). */
  stepFunctions?: string;
}

export const K_OF = (spec: Pick<GemmSpec, 'KO' | 'KI'>): number => spec.KO * spec.KI;

/** The WGSL every kernel of a product shares: its sizes, the layer's snippets, and A and B read from them. */
export function productPrelude(spec: GemmSpec): string {
  const { a, b } = spec;
  const bounds = a.bounds;
  const aOk = bounds
    ? `u32(r.y + s.y) < ${bounds.H}u && u32(r.x + s.x${bounds.xStride ? ` + ki * ${bounds.xStride}` : ''}) < ${bounds.W}u`
    : 'true';
  return `
const M = ${spec.M}u;
const N = ${spec.N}u;
const KO = ${spec.KO}u;
const KI = ${spec.KI}u;
struct Row { base: i32, y: i32, x: i32 }
struct Step { a: i32, b: i32, y: i32, x: i32 }
${spec.helpers ?? ''}
${spec.stepFunctions ?? ''}
fn aRow(m: u32) -> Row { ${spec.aRow} }
fn kStep(ko: u32) -> Step { ${spec.kStep} }
fn bCol(n: u32) -> i32 { ${spec.bCol} }
fn store(m: u32, n: u32, v: f32) { ${spec.store} }
fn aInside(r: Row, s: Step, ki: i32) -> bool { return ${aOk}; }
fn loadA(r: Row, s: Step, ki: i32) -> f32 { return select(0.0, ${a.buffer}[u32(r.base + s.a + ki * ${a.stride})], aInside(r, s, ki)); }
fn loadB(s: Step, ki: i32, c: i32) -> f32 { return ${b.buffer}[u32(s.b + ki * ${b.stride} + c)]; }
`;
}

/** Whether A's bounds depend on ki (then each load checks them; otherwise once per row and step). */
export function boundsMoveWithK(spec: GemmSpec): boolean {
  return (spec.a.bounds?.xStride ?? 0) !== 0;
}

/** WGSL: is row `m` (u32 expression) the ones row. */
export function onesTest(spec: GemmSpec, m: string): string {
  return spec.onesRow === undefined ? 'false' : `(${m}) == ${spec.onesRow}u`;
}

/**
 * The same product with each step cut into `pieces` equal parts (pieces must divide KI): more steps to
 * split a long sum over workgroups when it has only one (a dense layer's product). Step ko·pieces + p
 * is step ko's part p: its addresses move p · KI/pieces values along.
 */
export function cutSteps(spec: GemmSpec, pieces: number): GemmSpec {
  if (pieces === 1) return spec;
  if (spec.KI % pieces !== 0) throw new RangeError(`${spec.label}: ${pieces} pieces do not divide ${spec.KI}.`);
  const part = spec.KI / pieces;
  const xs = spec.a.bounds?.xStride ?? 0;
  return {
    ...spec,
    KO: spec.KO * pieces,
    KI: part,
    kStep: `let whole = kStepWhole(ko / ${pieces}u); let p = i32(ko % ${pieces}u) * ${part};
      return Step(whole.a + p * ${spec.a.stride}, whole.b + p * ${spec.b.stride}, whole.y, whole.x + p * ${xs});`,
    stepFunctions: `${spec.stepFunctions ?? ''}\nfn kStepWhole(ko: u32) -> Step { ${spec.kStep} }`,
  };
}

/** The divisors of KI that cutSteps takes, smallest first. */
export function pieceCounts(KI: number, most: number): number[] {
  const out: number[] = [];
  for (let p = 1; p <= Math.min(KI, most); p++) if (KI % p === 0) out.push(p);
  return out;
}

export type { Bound };
