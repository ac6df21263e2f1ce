/**
 * The rows of a model summary in the manner of Keras's `model.summary()`: layer, output shape,
 * parameters, plus the analytic forward FLOPs and each layer's share of the profiled kernel time.
 */

export interface LayerFacts {
  name: string;
  /** Keras class name, e.g. Conv2D. */
  className: string;
  /** Per-example output shape (batch dimension dropped). */
  outputShape: readonly number[];
  params: number;
  forwardFlops: number;
  /** Kernel time of this layer's forward and backward pass, ms; null where kernel times are unavailable. */
  timeMs: number | null;
}

export interface SummaryRow extends LayerFacts {
  /** Keras's way of writing it: (None, 26, 26, 32). */
  shapeText: string;
  /** timeMs over the summed time of every layer, 0..1; null when any layer has no time. */
  share: number | null;
}

export interface SummaryTotals {
  params: number;
  forwardFlops: number;
  /** Summed kernel time of all layers, ms; null when unavailable. */
  timeMs: number | null;
}

/** (None, 26, 26, 32): the batch dimension as Keras prints it, then the per-example shape. */
export function kerasShape(shape: readonly number[]): string {
  return `(${['None', ...shape.map(String)].join(', ')})`;
}

export function summaryRows(layers: readonly LayerFacts[]): { rows: SummaryRow[]; totals: SummaryTotals } {
  const timed = layers.every((l) => l.timeMs !== null && Number.isFinite(l.timeMs) && l.timeMs >= 0);
  const timeMs = timed ? layers.reduce((s, l) => s + (l.timeMs as number), 0) : null;
  const rows = layers.map((l) => ({
    ...l,
    outputShape: [...l.outputShape],
    shapeText: kerasShape(l.outputShape),
    timeMs: timed ? l.timeMs : null,
    share: timeMs ? (l.timeMs as number) / timeMs : null,
  }));
  return {
    rows,
    totals: { params: layers.reduce((s, l) => s + l.params, 0), forwardFlops: layers.reduce((s, l) => s + l.forwardFlops, 0), timeMs },
  };
}
