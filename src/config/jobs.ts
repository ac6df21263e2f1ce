/**
 * Every kind of job the device owner runs, with the view that starts it and how the pages name it
 * (“The lab's race is running: stop it?”). The engine has one runner per kind, keyed by these ids.
 */
import type { ViewId } from './views';

interface JobFacts {
  /** The job as a sentence names it, e.g. "the race". */
  name: string;
  /** The view that owns it, whose tab a "stop it?" prompt can point to. */
  view: ViewId | 'bench';
}

export const JOBS = {
  train: { name: 'the training run', view: 'train' },
  deviceReport: { name: 'the device report', view: 'lab' },
  race: { name: 'the race', view: 'lab' },
  matmulSweep: { name: 'the size sweep', view: 'lab' },
  batchSweep: { name: 'the batch sweep', view: 'lab' },
  anatomy: { name: 'the anatomy of a step', view: 'lab' },
  profile: { name: 'the kernel profile', view: 'lab' },
  parity: { name: 'the parity check', view: 'lab' },
  saveModel: { name: 'saving the model', view: 'train' },
  evaluateModel: { name: 'the saved model\'s evaluation', view: 'train' },
  exportModel: { name: 'the export for TensorFlow', view: 'train' },
  inspect: { name: 'the look inside the model', view: 'inspect' },
  benchmark: { name: 'the benchmark', view: 'bench' },
} as const satisfies Record<string, JobFacts>;

export type JobKind = keyof typeof JOBS;
export const JOB_KINDS = Object.keys(JOBS) as JobKind[];

/** Lab jobs: every one reads the lab's settings table. */
export const LAB_JOB_KINDS = ['race', 'matmulSweep', 'batchSweep', 'anatomy', 'profile', 'parity'] as const satisfies readonly JobKind[];
export type LabJobKind = (typeof LAB_JOB_KINDS)[number];

export function isLabJobKind(kind: JobKind): kind is LabJobKind {
  return (LAB_JOB_KINDS as readonly JobKind[]).includes(kind);
}

/** How the pages name one job and which view owns it: a GAN training run is the GAN studio's. */
export function describeJob(kind: JobKind, workload?: 'cnn' | 'gan'): { name: string; view: ViewId | 'bench' } {
  if (kind === 'train') return workload === 'gan' ? { name: 'the GAN training run', view: 'gan' } : { name: 'the CNN training run', view: 'train' };
  return JOBS[kind];
}
