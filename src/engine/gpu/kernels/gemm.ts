/**
 * The one matrix-product kernel every layer's forward and backward pass is made of (as an implicit
 * GEMM: convolutions read their patches in loadA, no im2col buffer): C[m, n] = Σ_k A(m, k) · B(k, n),
 * where A, B and what is done with each C value are WGSL snippets of the layer. Tiles of up to 64 × 64
 * outputs per 256-thread workgroup, each thread up to 4 × 4 of them in registers, 16-deep slices of A
 * and B through workgroup memory. A long sum over few outputs (a filter gradient sums over every
 * pixel of the batch) is split over workgroups into partial sums, added up by a second kernel.
 */
import type { Bound, KernelSource } from '../program';
import { elementwiseGrid } from '../program';

/** Depth of the A and B slices a workgroup holds at a time. */
const TILE_K = 16;
/** Threads along each side of the 16 × 16 workgroup. */
const SIDE = 16;
/** Enough workgroups to fill a large GPU (an H200 has 132 multiprocessors) several times over. */
const TARGET_WORKGROUPS = 512;
/** The shortest run of k a split-off partial sum covers. */
const MIN_SPLIT_K = 256;

export interface GemmSpec {
  label: string;
  M: number;
  N: number;
  K: number;
  /** The layer's buffers, as its snippets name them. */
  bound: readonly Bound[];
  /** WGSL body of fn loadA(m: u32, k: u32) -> f32, called only for m < M, k < K. */
  loadA: string;
  /** WGSL body of fn loadB(k: u32, n: u32) -> f32, called only for k < K, n < N. */
  loadB: string;
  /** WGSL body of fn store(m: u32, n: u32, v: f32), called once per output with its whole sum. */
  store: string;
  /** Which index runs along memory in A and in B: neighbouring threads then load neighbouring words. */
  aContiguous: 'm' | 'k';
  bContiguous: 'k' | 'n';
  /** WGSL functions the snippets call (activation helpers). */
  helpers?: string;
}

/** 'tiled': slices of A and B shared through workgroup memory (hardware GPUs); 'direct': each thread reads its own (software GPUs). */
export type GemmStyle = 'tiled' | 'direct';

export interface GemmShape {
  tileM: number;
  tileN: number;
  /** Partial sums along k (1: no split). */
  splits: number;
  /** k values per split, a multiple of TILE_K. */
  chunk: number;
  /** Floats of partial sums the split needs (0 without one). */
  scratchFloats: number;
}

function tileFor(size: number): number {
  return size <= 16 ? 16 : size <= 32 ? 32 : 64;
}

/** The tiles and the split along k of one product. */
export function gemmShape(M: number, N: number, K: number): GemmShape {
  const tileM = tileFor(M);
  const tileN = tileFor(N);
  const tiles = Math.ceil(M / tileM) * Math.ceil(N / tileN);
  const most = Math.max(1, Math.floor(K / MIN_SPLIT_K));
  const wanted = Math.max(1, Math.min(most, Math.ceil(TARGET_WORKGROUPS / tiles)));
  const chunk = Math.ceil(K / wanted / TILE_K) * TILE_K;
  const splits = Math.ceil(K / chunk);
  return { tileM, tileN, splits, chunk, scratchFloats: splits > 1 ? splits * M * N : 0 };
}

/** Straight-line WGSL for every (r, c) of a register tile: software adapters (Subzero) do not unroll loops or keep arrays in registers. */
function each(rm: number, rn: number, line: (r: number, c: number) => string): string {
  const lines: string[] = [];
  for (let r = 0; r < rm; r++) for (let c = 0; c < rn; c++) lines.push(line(r, c));
  return lines.join('\n');
}

function range(count: number, line: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => line(i)).join('\n');
}

/** The register tile's stores: to the partial sums of its split, or through the layer's store. */
function tileStores(spec: GemmSpec, shape: GemmShape, rowOf: (r: number) => string, colOf: (c: number) => string): string {
  const rm = shape.tileM / SIDE;
  const rn = shape.tileN / SIDE;
  return each(rm, rn, (r, c) => {
    const out = shape.splits > 1 ? `partial[(wg.z * ${spec.M}u + m) * ${spec.N}u + n] = acc${r}_${c};` : `store(m, n, acc${r}_${c});`;
    return `{ let m = ${rowOf(r)}; let n = ${colOf(c)}; if (m < M && n < N) { ${out} } }`;
  });
}

function tileLoad(operand: 'A' | 'B', outer: 'm' | 'n', tile: number, contiguous: string, limit: string): string {
  const index = contiguous === 'k' ? `let kk = i % ${TILE_K}u; let oo = i / ${TILE_K}u;` : `let oo = i % ${tile}u; let kk = i / ${tile}u;`;
  const call = operand === 'A' ? `loadA(${outer}, k)` : `loadB(k, ${outer})`;
  return `
    for (var i = li; i < ${TILE_K * tile}u; i = i + 256u) {
      ${index}
      let ${outer} = ${outer}0 + oo;
      let k = k0 + kk;
      var value = 0.0;
      if (${outer} < ${limit} && k < kEnd) { value = ${call}; }
      ${operand}s[kk * ${tile}u + oo] = value;
    }`;
}

function productBody(spec: GemmSpec, shape: GemmShape): string {
  const { tileM, tileN, chunk } = shape;
  const rm = tileM / SIDE;
  const rn = tileN / SIDE;
  return `
const M = ${spec.M}u;
const N = ${spec.N}u;
const K = ${spec.K}u;
${spec.helpers ?? ''}
var<workgroup> As: array<f32, ${TILE_K * tileM}>;
var<workgroup> Bs: array<f32, ${TILE_K * tileN}>;
fn loadA(m: u32, k: u32) -> f32 { ${spec.loadA} }
fn loadB(k: u32, n: u32) -> f32 { ${spec.loadB} }
fn store(m: u32, n: u32, v: f32) { ${spec.store} }
@compute @workgroup_size(${SIDE}, ${SIDE}, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  let m0 = wg.y * ${tileM}u;
  let n0 = wg.x * ${tileN}u;
  let kBegin = wg.z * ${chunk}u;
  let kEnd = min(K, kBegin + ${chunk}u);
  ${each(rm, rn, (r, c) => `var acc${r}_${c} = 0.0;`)}
  for (var k0 = kBegin; k0 < kEnd; k0 = k0 + ${TILE_K}u) {
    ${tileLoad('A', 'm', tileM, spec.aContiguous, 'M')}
    ${tileLoad('B', 'n', tileN, spec.bContiguous, 'N')}
    workgroupBarrier();
    for (var kk = 0u; kk < ${TILE_K}u; kk = kk + 1u) {
      ${range(rm, (r) => `let a${r} = As[kk * ${tileM}u + lid.y + ${r * SIDE}u];`)}
      ${range(rn, (c) => `let b${c} = Bs[kk * ${tileN}u + lid.x + ${c * SIDE}u];`)}
      ${each(rm, rn, (r, c) => `acc${r}_${c} = acc${r}_${c} + a${r} * b${c};`)}
    }
    workgroupBarrier();
  }
  ${tileStores(spec, shape, (r) => `m0 + lid.y + ${r * SIDE}u`, (c) => `n0 + lid.x + ${c * SIDE}u`)}
}`;
}

/**
 * The same product without workgroup memory or barriers: each thread reads its A and B values itself.
 * For software adapters (SwiftShader, llvmpipe…), which run a barrier by switching every invocation out
 * and in: there it is several times faster; on a hardware GPU the tiled kernel is.
 */
function directBody(spec: GemmSpec, shape: GemmShape): string {
  const { tileM, tileN, chunk } = shape;
  const rm = tileM / SIDE;
  const rn = tileN / SIDE;
  return `
const M = ${spec.M}u;
const N = ${spec.N}u;
const K = ${spec.K}u;
${spec.helpers ?? ''}
fn loadA(m: u32, k: u32) -> f32 { ${spec.loadA} }
fn loadB(k: u32, n: u32) -> f32 { ${spec.loadB} }
fn store(m: u32, n: u32, v: f32) { ${spec.store} }
@compute @workgroup_size(${SIDE}, ${SIDE}, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let m0 = wg.y * ${tileM}u + lid.y;
  let n0 = wg.x * ${tileN}u + lid.x;
  let kBegin = wg.z * ${chunk}u;
  let kEnd = min(K, kBegin + ${chunk}u);
  ${each(rm, rn, (r, c) => `var acc${r}_${c} = 0.0;`)}
  for (var k = kBegin; k < kEnd; k = k + 1u) {
    ${range(rm, (r) => `var a${r} = 0.0; if (m0 + ${r * SIDE}u < M) { a${r} = loadA(m0 + ${r * SIDE}u, k); }`)}
    ${range(rn, (c) => `var b${c} = 0.0; if (n0 + ${c * SIDE}u < N) { b${c} = loadB(k, n0 + ${c * SIDE}u); }`)}
    ${each(rm, rn, (r, c) => `acc${r}_${c} = acc${r}_${c} + a${r} * b${c};`)}
  }
  ${tileStores(spec, shape, (r) => `m0 + ${r * SIDE}u`, (c) => `n0 + ${c * SIDE}u`)}
}`;
}

function reduceBody(spec: GemmSpec, shape: GemmShape): { body: string; workgroups: [number, number, number] } {
  const grid = elementwiseGrid(spec.M * spec.N);
  const body = `
const M = ${spec.M}u;
const N = ${spec.N}u;
${spec.helpers ?? ''}
fn store(m: u32, n: u32, v: f32) { ${spec.store} }
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = ${grid.index};
  if (i >= M * N) { return; }
  var sum = 0.0;
  for (var s = 0u; s < ${shape.splits}u; s = s + 1u) { sum = sum + partial[s * M * N + i]; }
  store(i / N, i % N, sum);
}`;
  return { body, workgroups: grid.workgroups };
}

/**
 * The kernels of one product: the product itself, and where it is split along k, the sum of its
 * partials (`scratch` must then hold shape.scratchFloats floats; it is shared by every product of a plan,
 * which run one after another).
 */
export function gemmKernels(spec: GemmSpec, shape: GemmShape, scratch: GPUBuffer | null, style: GemmStyle = 'tiled'): KernelSource[] {
  const grid: [number, number, number] = [Math.ceil(spec.N / shape.tileN), Math.ceil(spec.M / shape.tileM), shape.splits];
  const body = style === 'tiled' ? productBody(spec, shape) : directBody(spec, shape);
  if (shape.splits === 1) return [{ label: spec.label, body, bound: spec.bound, workgroups: grid }];
  if (!scratch) throw new Error(`${spec.label}: a split product needs a scratch buffer.`);
  const reduce = reduceBody(spec, shape);
  return [
    { label: spec.label, body, bound: [...spec.bound, { name: 'partial', buffer: scratch, write: true }], workgroups: grid },
    { label: `${spec.label} (sum of partials)`, body: reduce.body, bound: [...spec.bound, { name: 'partial', buffer: scratch }], workgroups: reduce.workgroups },
  ];
}
