/** Turns a plan's kernel parts into kernels: each product shaped, and one scratch buffer sized for the largest split. */
import type { GpuArena } from './arena';
import { gemmKernels, gemmShape, type GemmStyle } from './kernels/gemm';
import type { KernelPart } from './layers/types';
import type { KernelSource } from './program';

/** Each group's kernels, in order; the groups share the scratch buffer (their products run one after another). */
export function resolveParts(groups: readonly (readonly KernelPart[])[], arena: GpuArena, label: string, style: GemmStyle = 'tiled'): KernelSource[][] {
  const shaped = groups.map((parts) => parts.map((part) => ('gemm' in part ? { part, shape: gemmShape(part.gemm.M, part.gemm.N, part.gemm.K) } : { part, shape: null })));
  const scratchFloats = Math.max(0, ...shaped.flat().map((s) => s.shape?.scratchFloats ?? 0));
  const scratch = scratchFloats > 0 ? arena.buffer('scratch', `${label} partial sums`, scratchFloats * 4) : null;
  return shaped.map((group) => group.flatMap(({ part, shape }) => ('gemm' in part && shape ? gemmKernels(part.gemm, shape, scratch, style) : 'kernel' in part ? [part.kernel] : [])));
}
