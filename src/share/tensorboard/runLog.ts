/**
 * One run's TensorBoard log: the bytes of a single `.tfevents` file and the name TensorBoard looks for, for a
 * "Download TensorBoard logs" button. Record order: the file version, the texts (step 0), every scalar by step
 * (series order breaks ties), then the histograms by step. Non-finite scalars (a diverged loss) are written as
 * they are: TensorBoard reads NaN and ±Infinity and shows the gap, which is what happened.
 */
import type { Histogram } from '../../metrics/histogram';
import { fileVersionEvent, histogramEvent, scalarEvent, textEvent } from './events';
import { writeRecords } from './tfrecord';

export interface ScalarPoint {
  step: number;
  value: number;
  /** Epoch ms when this point was taken; the run's start when absent. */
  wallTime?: number;
}

export interface RunLog {
  /** Epoch ms: the run's start, the wall time of the file version, texts and histograms. */
  startedAt: number;
  scalars: { tag: string; points: ScalarPoint[] }[];
  histograms: { tag: string; step: number; histogram: Histogram }[];
  /** Markdown, e.g. the settings or the device report. */
  texts: { tag: string; text: string }[];
}

const seconds = (epochMs: number): number => epochMs / 1000;

export function tensorboardLog(run: RunLog): Uint8Array<ArrayBuffer> {
  const start = seconds(run.startedAt);
  const scalars = run.scalars
    .flatMap(({ tag, points }) => points.map((point) => ({ tag, point })))
    .sort((a, b) => a.point.step - b.point.step); // stable: equal steps keep series order
  const histograms = [...run.histograms].sort((a, b) => a.step - b.step);
  return writeRecords([
    fileVersionEvent(start),
    ...run.texts.map(({ tag, text }) => textEvent(tag, 0, text, start)),
    ...scalars.map(({ tag, point }) => scalarEvent(tag, point.step, point.value, seconds(point.wallTime ?? run.startedAt))),
    ...histograms.map(({ tag, step, histogram }) => histogramEvent(tag, step, histogram, start)),
  ]);
}

/** `events.out.tfevents.<seconds>.<host>`: TensorBoard only reads files whose name contains "tfevents". */
export function tensorboardFileName(startedAt: number, host = 'gpu-playground'): string {
  // The host becomes part of a file name: nothing that a file system or a download would mangle.
  const safeHost = host.replace(/[^A-Za-z0-9_-]+/g, '-') || 'host';
  return `events.out.tfevents.${Math.floor(seconds(startedAt))}.${safeHost}`;
}
