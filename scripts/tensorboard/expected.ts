/** What scripts/tensorboard/check_events.py expects of an events file written from `run`: its EXPECTED.json. */
import type { RunLog } from '../../src/share/tensorboard/runLog';

const jsonNumber = (v: number): number | string => (Number.isFinite(v) ? v : String(v));

export function expectedOf(run: RunLog, fileName: string): object {
  const records = 1 + run.texts.length + run.scalars.reduce((n, s) => n + s.points.length, 0) + run.histograms.length;
  const histograms: Record<string, { step: number; num: number; min: number; max: number; buckets: number }[]> = {};
  for (const { tag, step, histogram: h } of run.histograms) {
    (histograms[tag] ??= []).push({ step, num: h.num, min: h.min, max: h.max, buckets: h.buckets.length });
  }
  return {
    file: fileName,
    records,
    scalars: Object.fromEntries(run.scalars.map(({ tag, points }) => [tag, points.map((p) => [p.step, jsonNumber(p.value)])])),
    histograms,
    texts: Object.fromEntries(run.texts.map(({ tag, text }) => [tag, text])),
  };
}
