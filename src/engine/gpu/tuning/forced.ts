/** One candidate for every product it fits (the bench's --gemm, the tests' forms), the rest by a second choice. */
import { gemmCandidate } from '../kernels/gemm/candidates';
import type { GemmSpec } from '../kernels/gemm/spec';
import { deviceFacts, type DeviceFacts, type GemmCandidate } from '../kernels/gemm/types';
import type { GemmChoice } from '../parts';
import { SLOW_ADAPTER_CANDIDATE, type ProductChooser } from './tuner';

export function forcedChoice(idOrCandidate: string | GemmCandidate, device: DeviceFacts, otherwise: GemmChoice | null = null): GemmChoice {
  const candidate = typeof idOrCandidate === 'string' ? gemmCandidate(idOrCandidate) : idOrCandidate;
  const id = typeof idOrCandidate === 'string' ? idOrCandidate : idOrCandidate.id;
  if (!candidate) throw new Error(`No product kernel is called ${id}.`);
  return (spec: GemmSpec): GemmCandidate => {
    const unfit = candidate.unfit(spec, device);
    if (!unfit) return candidate;
    if (otherwise) return otherwise(spec);
    throw new Error(`${spec.label}: the ${id} kernel cannot run it (${unfit}).`);
  };
}

/** A chooser that runs `id` wherever it fits (the bench's --gemm, the tests' forms) and the tuner's slow-adapter form elsewhere. */
export function forcedKernels(device: GPUDevice, id: string): ProductChooser {
  const facts = deviceFacts(device);
  return {
    async choose(products) {
      const choice = forcedChoice(id, facts, forcedChoice(SLOW_ADAPTER_CANDIDATE, facts));
      return { choice, report: { source: 'forced', ms: 0, probeMs: null, onGpuClock: false, pipelines: 0, products: products.map((p) => ({ label: p.label, flops: 2 * p.M * p.N * p.KO * p.KI, tried: [], choice: choice(p).id })) } };
    },
  };
}
