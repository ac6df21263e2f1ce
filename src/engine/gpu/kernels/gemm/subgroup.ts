/**
 * The direct product with its A values shared across a subgroup (where the adapter has `subgroups`):
 * the threads of a subgroup that own the same rows read a run of a step's values once, one value per
 * lane, and hand them round with subgroupShuffle, instead of each reading every value. No workgroup
 * memory and no barrier. The lanes that share are the consecutive ones along x; where a subgroup does not
 * lie along x as expected (checked once per thread), it reads A itself, as the direct form does.
 */
import { aValue, stepRows, threadTile, type DirectParams } from './direct';
import { tiledGridBuild } from './build';
import { productPrelude, type GemmSpec } from './spec';
import { gridUnfit, type DeviceFacts, type GemmBuild, type GemmCandidate } from './types';
import { each, range, tileStore } from './wgsl';

function body(spec: GemmSpec, p: DirectParams, chunk: number, split: boolean): string {
  const { rm, rn, wx, wy } = p;
  const bValues = (ki: string) => range(rn, (c) => `let b${c} = ${spec.b.buffer}[u32(s.b + ${ki} * ${spec.b.stride} + col${c})];`);
  const fma = each(rm, rn, (r, c) => `acc${r}_${c} = acc${r}_${c} + a${r} * b${c};`);
  return `${productPrelude(spec)}
@compute @workgroup_size(${wx}, ${wy}, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) lanes: u32) {
  ${threadTile(spec, p, chunk)}
  let run = min(lanes, ${wx}u);
  let first = lane - lane % run;
  var alongX = true;
  for (var j = 0u; j < run; j = j + 1u) { if (subgroupShuffle(lid.y, first + j) != lid.y) { alongX = false; } }
  let share = subgroupAll(alongX);
  for (var ko = koBegin; ko < koEnd; ko = ko + 1u) {
    let s = kStep(ko);
    ${stepRows(spec, rm)}
    if (share) {
      for (var k0 = 0; k0 < ${spec.KI}; k0 = k0 + i32(run)) {
        let mine = min(k0 + i32(lane % run), ${spec.KI - 1});
        ${range(rm, (r) => `let own${r} = ${aValue(spec, r, 'mine')};`)}
        let count = min(i32(run), ${spec.KI} - k0);
        for (var j = 0; j < count; j = j + 1) {
          let ki = k0 + j;
          ${range(rm, (r) => `let a${r} = subgroupShuffle(own${r}, first + u32(j));`)}
          ${bValues('ki')}
          ${fma}
        }
      }
    } else {
      for (var ki = 0; ki < ${spec.KI}; ki = ki + 1) {
        ${range(rm, (r) => `let a${r} = ${aValue(spec, r, 'ki')};`)}
        ${bValues('ki')}
        ${fma}
      }
    }
  }
  ${tileStore(rm, rn, `m0 + r * ${wy}u`, `n0 + c * ${wx}u`, split, spec)}
}`;
}

/** Subgroup builtins need the extension, and their calls in branches WGSL cannot prove uniform (`share` is, per subgroup). */
const DIRECTIVES = 'enable subgroups;\ndiagnostic(off, subgroup_uniformity);';

export function subgroupBuild(spec: GemmSpec, p: DirectParams): GemmBuild & { grid: [number, number, number] } {
  const build = tiledGridBuild(spec, p.rm * p.wy, p.rn * p.wx, (s, chunk, split) => body(s, p, chunk, split));
  return { ...build, kernels: (scratch) => build.kernels(scratch).map((k, i) => (i === 0 ? { ...k, directives: DIRECTIVES } : k)) };
}

export function subgroupCandidate(p: DirectParams): GemmCandidate {
  return {
    id: `subgroup-${p.rm}x${p.rn}-${p.wx}x${p.wy}`,
    family: 'subgroup',
    unfit(spec: GemmSpec, device: DeviceFacts) {
      if (!device.features.has('subgroups')) return 'no subgroups on this adapter';
      if (p.wx * p.wy > device.maxInvocations) return `${p.wx * p.wy} threads a workgroup`;
      return gridUnfit(subgroupBuild(spec, p).grid, device);
    },
    build: (spec) => subgroupBuild(spec, p),
  };
}
