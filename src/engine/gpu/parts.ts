/** Turns a plan's kernel parts into kernels: each product by the candidate chosen for it, and one scratch buffer sized for the largest split. */
import type { GpuArena } from './arena';
import type { GemmSpec } from './kernels/gemm/spec';
import type { GemmBuild, GemmCandidate } from './kernels/gemm/types';
import type { KernelPart } from './layers/types';
import type { KernelSource } from './program';

/** Which candidate runs a product (the tuner's choice, or one forced). */
export type GemmChoice = (spec: GemmSpec) => GemmCandidate;

/** Every product of the parts, in order. */
export function productsOf(groups: readonly (readonly KernelPart[])[]): GemmSpec[] {
  return groups.flatMap((parts) => parts.flatMap((part) => ('gemm' in part ? [part.gemm] : [])));
}

/** Each group's kernels, in order; the groups share the scratch buffer (their products run one after another). */
export function resolveParts(groups: readonly (readonly KernelPart[])[], arena: GpuArena, label: string, choose: GemmChoice): KernelSource[][] {
  const built = groups.map((parts) => parts.map((part): { part: KernelPart; build: GemmBuild | null } => ({ part, build: 'gemm' in part ? choose(part.gemm).build(part.gemm) : null })));
  const scratchFloats = Math.max(0, ...built.flat().map((b) => b.build?.scratchFloats ?? 0));
  const scratch = scratchFloats > 0 ? arena.buffer('scratch', `${label} partial sums`, scratchFloats * 4) : null;
  return built.map((group) => group.flatMap(({ part, build }) => (build ? build.kernels(scratch) : 'kernel' in part ? [part.kernel] : [])));
}
