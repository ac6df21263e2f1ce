/**
 * A product tiled through workgroup memory, as GPUs run it fastest: a workgroup computes a TM × TN tile
 * of outputs, loading TK-deep slices of A and B into workgroup memory once for all its threads (the loads
 * of neighbouring threads at neighbouring addresses), and each thread keeps an rm × rn register tile,
 * reading the slices four values at a time (vec4). Each thread's rows and columns of the loads are
 * worked out once; a slice inside one step of the sum (KI a multiple of TK) only adds to its addresses,
 * and otherwise each load finds its step (a division per load per slice, outside the inner loop).
 */
import { tiledGridBuild } from './build';
import { onesTest, productPrelude, type GemmSpec } from './spec';
import { gridUnfit, type DeviceFacts, type GemmBuild, type GemmCandidate } from './types';
import { each, range, tileStore } from './wgsl';

export interface TiledParams {
  TM: number;
  TN: number;
  TK: number;
  /** Register tile per thread; multiples of 4 (vec4 reads of the slices). */
  rm: number;
  rn: number;
}

function threads(p: TiledParams): { TX: number; TY: number; T: number } {
  const TX = p.TN / p.rn;
  const TY = p.TM / p.rm;
  return { TX, TY, T: TX * TY };
}

/** Per load j of a thread: its place in the tile (o along m or n, kk along k), from the thread's index. */
function loadPlaces(count: number, T: number, tile: number, TK: number, kContiguous: boolean, outer: string): string {
  return range(count, (j) => {
    const idx = `(li + ${j * T}u)`;
    return kContiguous ? `let kk${outer}${j} = ${idx} % ${TK}u; let o${outer}${j} = ${idx} / ${TK}u;` : `let o${outer}${j} = ${idx} % ${tile}u; let kk${outer}${j} = ${idx} / ${tile}u;`;
  });
}

function body(spec: GemmSpec, p: TiledParams, chunk: number, split: boolean): string {
  const { TM, TN, TK, rm, rn } = p;
  const { TX, TY, T } = threads(p);
  const LA = (TM * TK) / T;
  const LB = (TN * TK) / T;
  const nested = spec.KI % TK === 0;
  const aAlongK = spec.a.stride === 1;
  const bAlongK = spec.bContiguous === 'k';
  const ones = spec.onesRow !== undefined;
  const aLoad = (j: number, s: string, ki: string) => {
    const value = `loadA(rowA${j}, ${s}, ${ki})`;
    return ones ? `select(${value}, 1.0, oneA${j})` : value;
  };
  const putA = (j: number, value: string) => `As[kkA${j} * ${TM / 4}u + oA${j} / 4u][oA${j} % 4u] = ${value};`;
  const putB = (j: number, value: string) => `Bs[kkB${j} * ${TN / 4}u + oB${j} / 4u][oB${j} % 4u] = ${value};`;
  const multiply = `for (var kk = 0u; kk < ${TK}u; kk = kk + 1u) {
      ${range(rm / 4, (q) => `let a${q} = As[kk * ${TM / 4}u + lid.y * ${rm / 4}u + ${q}u];`)}
      ${range(rn / 4, (q) => `let b${q} = Bs[kk * ${TN / 4}u + lid.x * ${rn / 4}u + ${q}u];`)}
      ${each(rm, rn / 4, (i, q) => `acc${i}_${q} = acc${i}_${q} + a${Math.floor(i / 4)}[${i % 4}] * b${q};`)}
    }`;
  const slice = nested
    ? `
  for (var ko = koBegin; ko < koEnd; ko = ko + 1u) {
    let s = kStep(ko);
    for (var k0 = 0; k0 < ${spec.KI}; k0 = k0 + ${TK}) {
      ${range(LA, (j) => putA(j, aLoad(j, 's', `k0 + i32(kkA${j})`)))}
      ${range(LB, (j) => putB(j, `loadB(s, k0 + i32(kkB${j}), colB${j})`))}
      workgroupBarrier();
      ${multiply}
      workgroupBarrier();
    }
  }`
    : `
  let kBegin = koBegin * KI;
  let kEnd = koEnd * KI;
  for (var k0 = kBegin; k0 < kEnd; k0 = k0 + ${TK}u) {
    ${range(LA, (j) => `{ let k = k0 + kkA${j}; var value = 0.0; if (k < kEnd) { value = ${aLoad(j, 'kStep(k / KI)', 'i32(k % KI)')}; } ${putA(j, 'value')} }`)}
    ${range(LB, (j) => `{ let k = k0 + kkB${j}; var value = 0.0; if (k < kEnd) { value = loadB(kStep(k / KI), i32(k % KI), colB${j}); } ${putB(j, 'value')} }`)}
    workgroupBarrier();
    ${multiply}
    workgroupBarrier();
  }`;
  return `${productPrelude(spec)}
var<workgroup> As: array<vec4<f32>, ${(TK * TM) / 4}>;
var<workgroup> Bs: array<vec4<f32>, ${(TK * TN) / 4}>;
@compute @workgroup_size(${TX}, ${TY}, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  let m0 = wg.y * ${TM}u;
  let n0 = wg.x * ${TN}u;
  let koBegin = wg.z * ${chunk}u;
  let koEnd = min(KO, koBegin + ${chunk}u);
  ${loadPlaces(LA, T, TM, TK, aAlongK, 'A')}
  ${loadPlaces(LB, T, TN, TK, bAlongK, 'B')}
  ${range(LA, (j) => `let mA${j} = min(m0 + oA${j}, M - 1u); let rowA${j} = aRow(mA${j}); let oneA${j} = ${onesTest(spec, `mA${j}`)};`)}
  ${range(LB, (j) => `let colB${j} = bCol(min(n0 + oB${j}, N - 1u));`)}
  ${each(rm, rn / 4, (i, q) => `var acc${i}_${q} = vec4<f32>(0.0);`)}
  ${slice}
  ${tileStore(rm, rn, `m0 + lid.y * ${rm}u + r`, `n0 + lid.x * ${rn}u + c`, split, spec, (i, c) => `acc${i}_${Math.floor(c / 4)}[${c % 4}]`)}
}`;
}

export function tiledBuild(spec: GemmSpec, p: TiledParams): GemmBuild & { grid: [number, number, number] } {
  return tiledGridBuild(spec, p.TM, p.TN, (s, chunk, split) => body(s, p, chunk, split));
}

export function tiledCandidate(p: TiledParams): GemmCandidate {
  const { T } = threads(p);
  const sharedBytes = (p.TK * (p.TM + p.TN)) * 4;
  return {
    id: `tiled-${p.TM}x${p.TN}x${p.TK}-${p.rm}x${p.rn}`,
    family: 'tiled',
    unfit(spec: GemmSpec, device: DeviceFacts) {
      if (T > device.maxInvocations) return `${T} threads a workgroup`;
      if (sharedBytes > device.maxWorkgroupStorage) return `${sharedBytes} bytes of workgroup memory`;
      return gridUnfit(tiledBuild(spec, p).grid, device);
    },
    build: (spec) => tiledBuild(spec, p),
  };
}
