import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_INTERVAL_MS } from '../../config/tunables';
import { msg } from '../../i18n/message';
import type { SampleGrid, TrainingEvent } from '../protocol/training';
import type { TrainingWorkload } from '../workloads/types';
import { SamplePacer } from './samplePacer';

/** A workload whose samples are a one-pixel grid stamped with their step; the clock is the test's. */
function pacer(): { pacer: SamplePacer; sentAt: number[]; clock: { now: number } } {
  const clock = { now: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  const sentAt: number[] = [];
  const workload = { samples: async (step: number): Promise<SampleGrid> => ({ step, count: 1, side: 1, pixels: new Float32Array(1) }) } as unknown as TrainingWorkload;
  const post = (event: TrainingEvent) => void (event.type === 'samples' && sentAt.push(event.samples.step));
  return { pacer: new SamplePacer(workload, null, msg('engine.train.onlyCnnInspect'), post), sentAt, clock };
}

afterEach(() => vi.restoreAllMocks());

describe('the GAN’s sample pacer, asked before a window whether it will read the model after it', () => {
  it('says yes where a preview falls due within the window, and then sends after it', async () => {
    const { pacer: p, sentAt, clock } = pacer();
    await p.send(0);
    clock.now = SAMPLE_INTERVAL_MS - 100;
    expect(p.wantsAfter(8, 150)).toBe(true);
    clock.now = SAMPLE_INTERVAL_MS + 60;
    await p.maybeSend(8);
    expect(sentAt).toEqual([0, 8]);
  });

  it('keeps a no: nothing is sent after that window even when the interval passed meanwhile, and the next window sends', async () => {
    const { pacer: p, sentAt, clock } = pacer();
    await p.send(0);
    clock.now = SAMPLE_INTERVAL_MS - 300;
    expect(p.wantsAfter(8, 100)).toBe(false);
    // The window took longer than expected: the preview is due now, but the loop recorded the next window ahead on that no.
    clock.now = SAMPLE_INTERVAL_MS + 50;
    await p.maybeSend(8);
    expect(sentAt).toEqual([0]);
    await p.maybeSend(12);
    expect(sentAt).toEqual([0, 12]);
  });
});
