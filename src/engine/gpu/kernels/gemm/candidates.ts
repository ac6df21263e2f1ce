/**
 * Every way the engine can run a product, one line each: the tuner (tuning/tuner.ts) times those that fit
 * a product on the adapter it meets and keeps the fastest; the bench can force one (`--gemm ID`). A new
 * candidate is one generator call here. Listed in the order the tuner tries them when its time is short:
 * the likeliest winners on a GPU first.
 */
import { directCandidate } from './direct';
import { legacyCandidate } from './legacy';
import { subgroupCandidate } from './subgroup';
import { tiledCandidate } from './tiled';
import type { GemmCandidate } from './types';

export const GEMM_CANDIDATES: readonly GemmCandidate[] = [
  tiledCandidate({ TM: 64, TN: 64, TK: 16, rm: 4, rn: 4 }),
  tiledCandidate({ TM: 128, TN: 64, TK: 16, rm: 8, rn: 4 }),
  tiledCandidate({ TM: 64, TN: 128, TK: 16, rm: 4, rn: 8 }),
  tiledCandidate({ TM: 128, TN: 128, TK: 8, rm: 8, rn: 8 }),
  tiledCandidate({ TM: 32, TN: 32, TK: 16, rm: 4, rn: 4 }),
  tiledCandidate({ TM: 64, TN: 32, TK: 32, rm: 4, rn: 4 }),
  subgroupCandidate({ rm: 4, rn: 4, wx: 16, wy: 16 }),
  subgroupCandidate({ rm: 4, rn: 2, wx: 32, wy: 8 }),
  directCandidate({ rm: 4, rn: 4, wx: 16, wy: 16 }),
  directCandidate({ rm: 16, rn: 4, wx: 8, wy: 4 }),
  directCandidate({ rm: 8, rn: 4, wx: 8, wy: 8 }),
  directCandidate({ rm: 8, rn: 8, wx: 8, wy: 8 }),
  legacyCandidate('tiled'),
  legacyCandidate('direct'),
];

export function gemmCandidate(id: string): GemmCandidate | undefined {
  return GEMM_CANDIDATES.find((c) => c.id === id);
}

export const GEMM_CANDIDATE_IDS: readonly string[] = GEMM_CANDIDATES.map((c) => c.id);
