/**
 * A GAN's loss in one workgroup: binary cross-entropy of sigmoid(logits) against one target per group
 * of examples (the discriminator's real half and fake half; the generator's fakes, target 1), computed
 * from the logits as max(x, 0) − x·y + log(1 + e^−|x|) like ganLoss.ts, with its gradient by each logit,
 * (sigmoid(x) − y) / the group's size. What it adds to the sync window's sums is a list of sums of
 * group means: the discriminator's loss is the mean over its real half plus the mean over its fake half.
 */
import { ACTIVATION_HELPERS, f32Literal } from './activation';
import type { KernelSource } from '../program';

const THREADS = 256;

export interface LogitGroup {
  count: number;
  target: number;
}

/** One scalar the kernel adds to the window's sums: at `slot`, the sum of these groups' mean losses or mean probabilities. */
export interface GroupScalar {
  slot: number;
  of: 'loss' | 'probability';
  groups: readonly number[];
}

export function sigmoidCrossEntropyKernel(label: string, groups: readonly LogitGroup[], scalars: readonly GroupScalar[], buffers: { logits: GPUBuffer; dLogits: GPUBuffer; sums: GPUBuffer }): KernelSource {
  const starts = groups.map((_, g) => groups.slice(0, g).reduce((sum, x) => sum + x.count, 0));
  const partials = groups.map((_, g) => `var<workgroup> loss${g}: array<f32, ${THREADS}>;\nvar<workgroup> prob${g}: array<f32, ${THREADS}>;`).join('\n');
  const perGroup = groups
    .map(
      (group, g) => `
  var lossSum${g} = 0.0;
  var probSum${g} = 0.0;
  for (var i = ${starts[g]}u + t; i < ${starts[g] + group.count}u; i = i + ${THREADS}u) {
    let x = logits[i];
    let y = ${f32Literal(group.target)};
    let p = stableSigmoid(x);
    lossSum${g} = lossSum${g} + (max(x, 0.0) - x * y + log(1.0 + exp(-abs(x))));
    probSum${g} = probSum${g} + p;
    dLogits[i] = (p - y) / ${f32Literal(group.count)};
  }
  loss${g}[t] = lossSum${g};
  prob${g}[t] = probSum${g};`,
    )
    .join('\n');
  const reduce = groups.map((_, g) => `loss${g}[t] = loss${g}[t] + loss${g}[t + half]; prob${g}[t] = prob${g}[t] + prob${g}[t + half];`).join(' ');
  const adds = scalars
    .map((s) => {
      const terms = s.groups.map((g) => `${s.of === 'loss' ? 'loss' : 'prob'}${g}[0] / ${f32Literal(groups[g].count)}`).join(' + ');
      return `    sums[${s.slot}] = sums[${s.slot}] + ${terms};`;
    })
    .join('\n');
  return {
    label,
    bound: [
      { name: 'logits', buffer: buffers.logits },
      { name: 'dLogits', buffer: buffers.dLogits, write: true },
      { name: 'sums', buffer: buffers.sums, write: true },
    ],
    workgroups: [1, 1, 1],
    body: `
${partials}
${ACTIVATION_HELPERS}
@compute @workgroup_size(${THREADS})
fn main(@builtin(local_invocation_index) t: u32) {
${perGroup}
  workgroupBarrier();
  for (var half = ${THREADS / 2}u; half > 0u; half = half / 2u) {
    if (t < half) { ${reduce} }
    workgroupBarrier();
  }
  if (t == 0u) {
${adds}
  }
}`,
  };
}
