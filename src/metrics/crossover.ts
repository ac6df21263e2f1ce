/** A throughput at one size: all findCrossover needs, so points loaded from a saved report work too. */
export interface ThroughputPoint {
  size: number;
  gflops: number;
}

/**
 * The smallest size from which the GPU's GFLOP/s stays above the CPU's at every larger size
 * both sweeps measured; null when the GPU is not ahead at the largest common size.
 */
export function findCrossover(cpuPoints: readonly ThroughputPoint[], gpuPoints: readonly ThroughputPoint[]): number | null {
  const cpuBySize = new Map(cpuPoints.map((p) => [p.size, p.gflops]));
  const common = gpuPoints.filter((p) => cpuBySize.has(p.size)).sort((x, y) => x.size - y.size);
  let crossover: number | null = null;
  for (const point of common) {
    const gpuAhead = point.gflops > (cpuBySize.get(point.size) as number);
    if (!gpuAhead) crossover = null;
    else if (crossover === null) crossover = point.size;
  }
  return crossover;
}
