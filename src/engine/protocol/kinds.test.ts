/**
 * Every kind the app dispatches on, listed. Each `switch` over these ends in `satisfies never` and
 * each table is typed by them, so a new kind fails to compile until it is handled everywhere; this
 * file fails too, so the new kind is seen here first.
 */
import { describe, expect, it } from 'vitest';
import { BACKEND_NAMES } from '../../config/backends';
import { JOB_KINDS, LAB_JOB_KINDS } from '../../config/jobs';
import { VIEW_IDS } from '../../config/views';
import { WORKLOAD_IDS } from '../../config/workloads';
import type { JobEvent, JobOutcome, OwnerCommand, OwnerEvent } from './jobs';
import type { DebugCommand, TrainingControl } from './training';

/** True only when the two unions are the same. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;

const OWNER_COMMANDS = ['submit', 'cancel', 'control', 'detect', 'debug', 'ping'] as const;
const OWNER_EVENTS = ['backends', 'queue', 'job', 'ended', 'debugDone', 'pong', 'starting'] as const;
const JOB_EVENTS = [
  'state',
  'progress',
  'runInfo',
  'firstStep',
  'metrics',
  'eval',
  'warning',
  'samples',
  'quality',
  'memoryPlan',
  'stepPeak',
  'checkpoint',
  'resumed',
  'checkpointFile',
  'deviceLost',
  'gpuError',
  'weightHistograms',
  'raceRow',
  'sweepPoint',
  'backendStopped',
  'anatomy',
  'profile',
  'deviceReport',
  'parityCurve',
  'benchmark',
  'model',
  'prediction',
  'confusion',
  'filters',
  'summary',
  'inspectFailed',
] as const;
const OUTCOMES = ['done', 'cancelled', 'error'] as const;
const CONTROLS = ['pause', 'resume', 'step', 'evaluate', 'saveCheckpoint', 'inspect'] as const;
const DEBUG_COMMANDS = ['loseDevice', 'loseDeviceAt', 'gpuErrorInWindow'] as const;

describe('the kinds the app dispatches on', () => {
  it('lists every message kind of the protocol (checked by the compiler)', () => {
    expect(same<(typeof OWNER_COMMANDS)[number], OwnerCommand['type']>(true)).toBe(true);
    expect(same<(typeof OWNER_EVENTS)[number], OwnerEvent['type']>(true)).toBe(true);
    expect(same<(typeof JOB_EVENTS)[number], JobEvent['type']>(true)).toBe(true);
    expect(same<(typeof OUTCOMES)[number], JobOutcome['status']>(true)).toBe(true);
    expect(same<(typeof CONTROLS)[number], TrainingControl['action']>(true)).toBe(true);
    expect(same<(typeof DEBUG_COMMANDS)[number], DebugCommand['action']>(true)).toBe(true);
    for (const list of [OWNER_COMMANDS, OWNER_EVENTS, JOB_EVENTS, OUTCOMES, CONTROLS, DEBUG_COMMANDS]) expect(new Set(list).size).toBe(list.length);
  });

  it('lists every job, view, workload and backend', () => {
    expect(JOB_KINDS).toEqual(['train', 'deviceReport', 'race', 'matmulSweep', 'batchSweep', 'anatomy', 'profile', 'parity', 'saveModel', 'evaluateModel', 'exportModel', 'inspect', 'benchmark']);
    expect(LAB_JOB_KINDS).toEqual(['race', 'matmulSweep', 'batchSweep', 'anatomy', 'profile', 'parity']);
    expect(VIEW_IDS).toEqual(['train', 'gan', 'lab', 'inspect', 'history', 'board']);
    expect(WORKLOAD_IDS).toEqual(['cnn', 'gan']);
    expect(BACKEND_NAMES).toEqual(['cpu', 'wasm', 'webgl', 'webgpu']);
  });
});
