/** The four builds of wasm/kernels: SIMD flavour x memory kind (scripts/buildKernels.ts makes them). */
export interface KernelVariant {
  /** 'relaxed' fuses multiply-adds (relaxed SIMD); 'plain' is SIMD128 alone, for engines without relaxed SIMD. */
  simd: 'plain' | 'relaxed';
  /** 'shared' imports a shared memory (the threaded tfjs build, cross-origin isolated pages). */
  memory: 'shared' | 'unshared';
}

export const KERNEL_VARIANTS: readonly KernelVariant[] = [
  { simd: 'plain', memory: 'unshared' },
  { simd: 'plain', memory: 'shared' },
  { simd: 'relaxed', memory: 'unshared' },
  { simd: 'relaxed', memory: 'shared' },
];

export function kernelFileName(variant: KernelVariant): string {
  return `kernels-${variant.simd}-${variant.memory}.wasm`;
}
