import * as tf from '@tensorflow/tfjs';
import { QUALITY_INTERVAL_MS, SAMPLE_INTERVAL_MS } from '../../config/tunables';
import type { Message } from '../../i18n/message';
import type { SampleGrid, SampleQuality, TrainingEvent } from '../protocol/training';
import type { TrainingWorkload } from '../workloads/types';
import { judgeSamples } from './judge';

/** Sends preview images and their quality score on a wall-clock pace, not every step: both cost a read-back. */
export class SamplePacer {
  private lastSampleAt = -Infinity;
  private lastQualityAt = -Infinity;
  /** The step after which the pacer said it would send nothing (the loop recorded the next window ahead on that word). */
  private declined = -1;

  constructor(
    private readonly workload: TrainingWorkload,
    private readonly judge: tf.LayersModel | null,
    private readonly judgeNote: Message,
    private readonly post: (event: TrainingEvent) => void,
  ) {}

  /**
   * Whether a preview will be due after the window that ends at `step`, about `withinMs` from now. A no
   * is kept: maybeSend(step) then sends nothing, whatever the time, and the preview waits for a later window.
   */
  wantsAfter(step: number, withinMs: number): boolean {
    const due = performance.now() + withinMs - this.lastSampleAt >= SAMPLE_INTERVAL_MS;
    if (!due) this.declined = step;
    return due;
  }

  async maybeSend(step: number): Promise<void> {
    if (step === this.declined) return;
    if (performance.now() - this.lastSampleAt >= SAMPLE_INTERVAL_MS) await this.send(step);
  }

  async send(step: number): Promise<void> {
    if (!this.workload.samples) return;
    const now = performance.now();
    this.lastSampleAt = now;
    const samples = await this.workload.samples(step);
    this.post({ type: 'samples', samples });
    if (now - this.lastQualityAt < QUALITY_INTERVAL_MS) return;
    this.lastQualityAt = now;
    this.post({ type: 'quality', quality: await this.quality(step, samples) });
  }

  private async quality(step: number, grid: SampleGrid): Promise<SampleQuality> {
    if (!this.judge) return { step, recognisable: null, classCounts: [], classEntropyBits: null, note: this.judgeNote };
    // The grid is in [0,1] for display; judgeSamples takes the generator's [-1,1]. 64 images: a tiny upload.
    const images = tf.tidy(() => tf.sub(tf.mul(tf.tensor4d(grid.pixels, [grid.count, grid.side, grid.side, 1]), 2), 1) as tf.Tensor4D);
    try {
      return await judgeSamples(this.judge, images, step, this.judgeNote);
    } finally {
      images.dispose();
    }
  }
}
