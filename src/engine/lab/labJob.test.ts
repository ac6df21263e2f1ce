import { describe, expect, it } from 'vitest';
import { raceRow, matmulAt } from './labFixtures';
import { applyLabEvent, failJob, startJob } from './labJob';
import type { LabEvent } from './labProtocol';

describe('applyLabEvent', () => {
  it('collects a race: progress, rows in arrival order, stops, then done', () => {
    const events: LabEvent[] = [
      { type: 'progress', runId: 7, fraction: 0.25, message: 'cpu: step 2 of 4' },
      { type: 'raceRow', runId: 7, row: raceRow('cpu', 100) },
      { type: 'backendStopped', runId: 7, stop: { backend: 'webgl', value: null, kind: 'error', reason: 'webgl: stopped: no context' } },
      { type: 'raceRow', runId: 7, row: raceRow('webgpu', 10) },
      { type: 'done', runId: 7, cancelled: false },
    ];
    const job = events.reduce(applyLabEvent, startJob('race', 7));
    expect(job.status).toBe('done');
    expect(job.raceRows.map((r) => r.backend)).toEqual(['cpu', 'webgpu']);
    expect(job.stops).toHaveLength(1);
    expect(job.progress).toEqual({ fraction: 1, message: 'Finished' });
  });

  it('ignores events of another run and events after the end', () => {
    const other: LabEvent = { type: 'raceRow', runId: 8, row: raceRow('cpu', 100) };
    const started = startJob('race', 7);
    expect(applyLabEvent(started, other)).toBe(started);
    const cancelled = applyLabEvent(started, { type: 'done', runId: 7, cancelled: true });
    expect(cancelled.status).toBe('cancelled');
    expect(applyLabEvent(cancelled, { type: 'raceRow', runId: 7, row: raceRow('cpu', 1) }).raceRows).toHaveLength(0);
  });

  it('routes sweep points by sweep and keeps errors', () => {
    let job = startJob('matmulSweep', 1);
    job = applyLabEvent(job, { type: 'sweepPoint', runId: 1, sweep: 'matmul', point: matmulAt('cpu', 64, 1) });
    expect(job.matmulPoints).toHaveLength(1);
    expect(job.batchPoints).toHaveLength(0);
    job = applyLabEvent(job, { type: 'error', runId: 1, message: 'boom' });
    expect(job).toMatchObject({ status: 'error', error: 'boom' });
  });

  it('fails a running job from outside but leaves a finished one alone', () => {
    expect(failJob(startJob('profile', 2), 'worker crashed')).toMatchObject({ status: 'error', error: 'worker crashed' });
    const done = applyLabEvent(startJob('profile', 2), { type: 'done', runId: 2, cancelled: false });
    expect(failJob(done, 'late')).toBe(done);
  });
});
