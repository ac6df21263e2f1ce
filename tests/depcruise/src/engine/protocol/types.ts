// protocol-is-types-and-folds: the protocol may not take its types from the engine implementation.
import type { job } from '../lab/job';
export type Job = typeof job;
