/** The second kernel of a split product: each output's partial sums added up and stored through the layer's store. */
import { elementwiseGrid, type KernelSource } from '../../program';
import type { GemmSpec } from './spec';

export function reduceKernel(spec: GemmSpec, splits: number, scratch: GPUBuffer): KernelSource {
  const grid = elementwiseGrid(spec.M * spec.N);
  return {
    label: `${spec.label} (sum of partials)`,
    bound: [...spec.bound, { name: 'partial', buffer: scratch }],
    workgroups: grid.workgroups,
    body: `
const M = ${spec.M}u;
const N = ${spec.N}u;
${spec.helpers ?? ''}
fn store(m: u32, n: u32, v: f32) { ${spec.store} }
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = ${grid.index};
  if (i >= M * N) { return; }
  var sum = 0.0;
  for (var s = 0u; s < ${splits}u; s = s + 1u) { sum = sum + partial[s * M * N + i]; }
  store(i / N, i % N, sum);
}`,
  };
}
