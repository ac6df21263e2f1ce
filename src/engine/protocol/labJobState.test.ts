import { describe, expect, it } from 'vitest';
import type { JobEvent } from './jobs';
import { matmulAt, raceRow } from './labFixtures';
import { applyJobEvent, endJob, markRunning, queuedJob } from './labJobState';
import { msg } from '../../i18n/message';

describe('a lab job folded from its events', () => {
  it('starts queued, runs with its first event, collects a race in arrival order, then ends done', () => {
    const events: JobEvent[] = [
      { type: 'progress', fraction: 0.25, message: msg('engine.progress.step', { backend: 'cpu', done: 2, total: 4 }) },
      { type: 'raceRow', row: raceRow('cpu', 100) },
      { type: 'backendStopped', stop: { backend: 'webgl', value: null, kind: 'error', reason: msg('engine.lab.stopped', { backend: 'webgl', detail: 'no context' }) } },
      { type: 'raceRow', row: raceRow('webgpu', 10) },
    ];
    const queued = queuedJob('race', 7);
    expect(queued.status).toBe('queued');
    const job = endJob(events.reduce(applyJobEvent, queued), { status: 'done' });
    expect(job.status).toBe('done');
    expect(job.raceRows.map((r) => r.backend)).toEqual(['cpu', 'webgpu']);
    expect(job.stops).toHaveLength(1);
    expect(job.progress).toEqual({ fraction: 1, message: msg('lab.job.finished') });
  });

  it('runs when the owner hands it the device, and ignores events after its end', () => {
    expect(markRunning(queuedJob('race', 1))).toMatchObject({ status: 'running', progress: { fraction: 0 } });
    const cancelled = endJob(markRunning(queuedJob('race', 1)), { status: 'cancelled' });
    expect(cancelled.status).toBe('cancelled');
    expect(markRunning(cancelled)).toBe(cancelled);
    expect(applyJobEvent(cancelled, { type: 'raceRow', row: raceRow('cpu', 1) })).toBe(cancelled);
    expect(endJob(cancelled, { status: 'done' })).toBe(cancelled);
  });

  it('routes sweep points by sweep and keeps the error message', () => {
    let job = queuedJob('matmulSweep', 1);
    job = applyJobEvent(job, { type: 'sweepPoint', sweep: 'matmul', point: matmulAt('cpu', 64, 1) });
    expect(job.matmulPoints).toHaveLength(1);
    expect(job.batchPoints).toHaveLength(0);
    const boom = msg('error.unexpected', { detail: 'boom' });
    job = endJob(job, { status: 'error', message: boom });
    expect(job).toMatchObject({ status: 'error', error: boom });
  });
});
