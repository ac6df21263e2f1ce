/**
 * A product without workgroup memory or barriers: each thread reads its own A and B values and keeps a
 * register tile of rm × rn sums. Its rows' and columns' starts are worked out once, each step's once,
 * and the inner loop over a step's values only adds: no integer division (which a software adapter
 * runs lane by lane, x86 having no vector divide). Where barriers are dear (software adapters switch
 * every invocation out and in at one) this is the fast form; on a GPU it relies on the caches.
 */
import { tiledGridBuild } from './build';
import { boundsMoveWithK, onesTest, productPrelude, type GemmSpec } from './spec';
import { gridUnfit, type DeviceFacts, type GemmBuild, type GemmCandidate } from './types';
import { each, range, tileStore } from './wgsl';

export interface DirectParams {
  /** Rows and columns of outputs per thread. */
  rm: number;
  rn: number;
  /** Threads along n and along m: a thread's rows are wy apart, its columns wx apart. */
  wx: number;
  wy: number;
}

/** The A value of register row r at value ki of the current step: read where inside, 0 outside, 1 on the ones row. */
export function aValue(spec: GemmSpec, r: number, ki: string): string {
  const bounds = spec.a.bounds;
  const read = `${spec.a.buffer}[u32(base${r} + ${ki} * ${spec.a.stride})]`;
  let value = read;
  if (bounds && boundsMoveWithK(spec)) value = `select(0.0, ${read}, in${r} && u32(x${r} + ${ki} * ${bounds.xStride}) < ${bounds.W}u)`;
  else if (bounds) value = `select(0.0, ${read}, in${r})`;
  return spec.onesRow === undefined ? value : `select(${value}, 1.0, one${r})`;
}

/** Per register row, at the top of a step: where its values start, and whether the step is inside A's bounds. */
export function stepRows(spec: GemmSpec, rows: number): string {
  const bounds = spec.a.bounds;
  return range(rows, (r) => {
    const base = `let base${r} = row${r}.base + s.a;`;
    if (!bounds) return base;
    if (boundsMoveWithK(spec)) return `${base} let in${r} = u32(row${r}.y + s.y) < ${bounds.H}u; let x${r} = row${r}.x + s.x;`;
    return `${base} let in${r} = u32(row${r}.y + s.y) < ${bounds.H}u && u32(row${r}.x + s.x) < ${bounds.W}u;`;
  });
}

/**
 * The start of a direct-form kernel (after main's opening): this thread's first output row and column, its
 * range of steps, its rows' starts (clamped into the product: a row past it computes what is never stored)
 * and columns', and its sums.
 */
export function threadTile(spec: GemmSpec, p: DirectParams, chunk: number): string {
  const { rm, rn, wx, wy } = p;
  return `let m0 = wg.y * ${rm * wy}u + lid.y;
  let n0 = wg.x * ${rn * wx}u + lid.x;
  let koBegin = wg.z * ${chunk}u;
  let koEnd = min(KO, koBegin + ${chunk}u);
  ${range(rm, (r) => `let mr${r} = min(m0 + ${r * wy}u, M - 1u); let row${r} = aRow(mr${r}); let one${r} = ${onesTest(spec, `mr${r}`)};`)}
  ${range(rn, (c) => `let col${c} = bCol(min(n0 + ${c * wx}u, N - 1u));`)}
  ${each(rm, rn, (r, c) => `var acc${r}_${c} = 0.0;`)}`;
}

function body(spec: GemmSpec, p: DirectParams, chunk: number, split: boolean): string {
  const { rm, rn, wx, wy } = p;
  return `${productPrelude(spec)}
@compute @workgroup_size(${wx}, ${wy}, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  ${threadTile(spec, p, chunk)}
  for (var ko = koBegin; ko < koEnd; ko = ko + 1u) {
    let s = kStep(ko);
    ${stepRows(spec, rm)}
    for (var ki = 0; ki < ${spec.KI}; ki = ki + 1) {
      ${range(rm, (r) => `let a${r} = ${aValue(spec, r, 'ki')};`)}
      ${range(rn, (c) => `let b${c} = ${spec.b.buffer}[u32(s.b + ki * ${spec.b.stride} + col${c})];`)}
      ${each(rm, rn, (r, c) => `acc${r}_${c} = acc${r}_${c} + a${r} * b${c};`)}
    }
  }
  ${tileStore(rm, rn, `m0 + r * ${wy}u`, `n0 + c * ${wx}u`, split, spec)}
}`;
}

export function directBuild(spec: GemmSpec, p: DirectParams): GemmBuild & { grid: [number, number, number] } {
  return tiledGridBuild(spec, p.rm * p.wy, p.rn * p.wx, (s, chunk, split) => body(s, p, chunk, split));
}

export function directCandidate(p: DirectParams): GemmCandidate {
  return {
    id: `direct-${p.rm}x${p.rn}-${p.wx}x${p.wy}`,
    family: 'direct',
    unfit(spec: GemmSpec, device: DeviceFacts) {
      if (p.wx * p.wy > device.maxInvocations) return `${p.wx * p.wy} threads a workgroup`;
      return gridUnfit(directBuild(spec, p).grid, device);
    },
    build: (spec) => directBuild(spec, p),
  };
}
