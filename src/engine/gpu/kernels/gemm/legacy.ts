/**
 * The engine's first two product kernels, kept as candidates so the bench can run them beside the newer
 * ones (`--gemm legacy-direct`, `legacy-tiled`): A and B read one value at a time through the flat index k,
 * so every load works out its row, step and column again (integer divisions included); tiles of 16, 32 or 64
 * per side from the product's size, 4 × 4 register tiles in a 16 × 16 workgroup, and 16-deep slices through
 * workgroup memory ('tiled') or none ('direct').
 */
import type { KernelSource } from '../../program';
import { reduceKernel } from './reduce';
import { K_OF, onesTest, productPrelude, type GemmSpec } from './spec';
import { gridUnfit, type DeviceFacts, type GemmBuild, type GemmCandidate } from './types';
import { each, range, storeOrPartial } from './wgsl';

const TILE_K = 16;
const SIDE = 16;
const TARGET_WORKGROUPS = 512;
const MIN_SPLIT_K = 256;

interface LegacyShape {
  tileM: number;
  tileN: number;
  splits: number;
  chunk: number;
}

function tileFor(size: number): number {
  return size <= 16 ? 16 : size <= 32 ? 32 : 64;
}

function legacyShape(M: number, N: number, K: number): LegacyShape {
  const tileM = tileFor(M);
  const tileN = tileFor(N);
  const tiles = Math.ceil(M / tileM) * Math.ceil(N / tileN);
  const most = Math.max(1, Math.floor(K / MIN_SPLIT_K));
  const wanted = Math.max(1, Math.min(most, Math.ceil(TARGET_WORKGROUPS / tiles)));
  const chunk = Math.max(TILE_K, Math.ceil(K / wanted / TILE_K) * TILE_K);
  return { tileM, tileN, splits: Math.max(1, Math.ceil(K / chunk)), chunk };
}

/** The flat loads every legacy kernel calls: the row, step and column worked out per value. */
function flatLoads(spec: GemmSpec): string {
  return `
fn loadAFlat(m: u32, k: u32) -> f32 { if (${onesTest(spec, 'm')}) { return 1.0; } return loadA(aRow(m), kStep(k / KI), i32(k % KI)); }
fn loadBFlat(k: u32, n: u32) -> f32 { return loadB(kStep(k / KI), i32(k % KI), bCol(n)); }`;
}

function stores(spec: GemmSpec, shape: LegacyShape, rowOf: (r: number) => string, colOf: (c: number) => string): string {
  return each(shape.tileM / SIDE, shape.tileN / SIDE, (r, c) => `{ let m = ${rowOf(r)}; let n = ${colOf(c)}; if (m < M && n < N) { ${storeOrPartial(shape.splits > 1, spec.M, spec.N, `acc${r}_${c}`)} } }`);
}

function tileLoad(operand: 'A' | 'B', outer: 'm' | 'n', tile: number, kContiguous: boolean, limit: string): string {
  const index = kContiguous ? `let kk = i % ${TILE_K}u; let oo = i / ${TILE_K}u;` : `let oo = i % ${tile}u; let kk = i / ${tile}u;`;
  const call = operand === 'A' ? `loadAFlat(${outer}, k)` : `loadBFlat(k, ${outer})`;
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

function tiledBody(spec: GemmSpec, shape: LegacyShape): string {
  const { tileM, tileN, chunk } = shape;
  const rm = tileM / SIDE;
  const rn = tileN / SIDE;
  return `${productPrelude(spec)}${flatLoads(spec)}
var<workgroup> As: array<f32, ${TILE_K * tileM}>;
var<workgroup> Bs: array<f32, ${TILE_K * tileN}>;
@compute @workgroup_size(${SIDE}, ${SIDE}, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  let m0 = wg.y * ${tileM}u;
  let n0 = wg.x * ${tileN}u;
  let kBegin = wg.z * ${chunk}u;
  let kEnd = min(KO * KI, kBegin + ${chunk}u);
  ${each(rm, rn, (r, c) => `var acc${r}_${c} = 0.0;`)}
  for (var k0 = kBegin; k0 < kEnd; k0 = k0 + ${TILE_K}u) {
    ${tileLoad('A', 'm', tileM, spec.a.stride === 1, 'M')}
    ${tileLoad('B', 'n', tileN, spec.bContiguous === 'k', 'N')}
    workgroupBarrier();
    for (var kk = 0u; kk < ${TILE_K}u; kk = kk + 1u) {
      ${range(rm, (r) => `let a${r} = As[kk * ${tileM}u + lid.y + ${r * SIDE}u];`)}
      ${range(rn, (c) => `let b${c} = Bs[kk * ${tileN}u + lid.x + ${c * SIDE}u];`)}
      ${each(rm, rn, (r, c) => `acc${r}_${c} = acc${r}_${c} + a${r} * b${c};`)}
    }
    workgroupBarrier();
  }
  ${stores(spec, shape, (r) => `m0 + lid.y + ${r * SIDE}u`, (c) => `n0 + lid.x + ${c * SIDE}u`)}
}`;
}

function directBody(spec: GemmSpec, shape: LegacyShape): string {
  const { tileM, tileN, chunk } = shape;
  const rm = tileM / SIDE;
  const rn = tileN / SIDE;
  return `${productPrelude(spec)}${flatLoads(spec)}
@compute @workgroup_size(${SIDE}, ${SIDE}, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let m0 = wg.y * ${tileM}u + lid.y;
  let n0 = wg.x * ${tileN}u + lid.x;
  let kBegin = wg.z * ${chunk}u;
  let kEnd = min(KO * KI, kBegin + ${chunk}u);
  ${each(rm, rn, (r, c) => `var acc${r}_${c} = 0.0;`)}
  for (var k = kBegin; k < kEnd; k = k + 1u) {
    ${range(rm, (r) => `var a${r} = 0.0; if (m0 + ${r * SIDE}u < M) { a${r} = loadAFlat(m0 + ${r * SIDE}u, k); }`)}
    ${range(rn, (c) => `var b${c} = 0.0; if (n0 + ${c * SIDE}u < N) { b${c} = loadBFlat(k, n0 + ${c * SIDE}u); }`)}
    ${each(rm, rn, (r, c) => `acc${r}_${c} = acc${r}_${c} + a${r} * b${c};`)}
  }
  ${stores(spec, shape, (r) => `m0 + ${r * SIDE}u`, (c) => `n0 + ${c * SIDE}u`)}
}`;
}

function legacyBuild(spec: GemmSpec, style: 'tiled' | 'direct'): GemmBuild & { grid: [number, number, number] } {
  const shape = legacyShape(spec.M, spec.N, K_OF(spec));
  const grid: [number, number, number] = [Math.ceil(spec.N / shape.tileN), Math.ceil(spec.M / shape.tileM), shape.splits];
  return {
    grid,
    scratchFloats: shape.splits > 1 ? shape.splits * spec.M * spec.N : 0,
    kernels(scratch: GPUBuffer | null): KernelSource[] {
      const body = style === 'tiled' ? tiledBody(spec, shape) : directBody(spec, shape);
      if (shape.splits === 1) return [{ label: spec.label, body, bound: spec.bound, workgroups: grid }];
      if (!scratch) throw new Error(`${spec.label}: a split product needs a scratch buffer.`);
      return [{ label: spec.label, body, bound: [...spec.bound, { name: 'partial', buffer: scratch, write: true }], workgroups: grid }, reduceKernel(spec, shape.splits, scratch)];
    },
  };
}

export function legacyCandidate(style: 'tiled' | 'direct'): GemmCandidate {
  return {
    id: `legacy-${style}`,
    family: 'legacy',
    unfit: (spec: GemmSpec, device: DeviceFacts) => gridUnfit(legacyBuild(spec, style).grid, device),
    build: (spec) => legacyBuild(spec, style),
  };
}
