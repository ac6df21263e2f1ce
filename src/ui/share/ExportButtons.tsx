import { useState } from 'react';
import { downloadCanvasPng, downloadText } from './download';

export interface ChartRef {
  /** The chart figure's data-testid. */
  testId: string;
  title: string;
}

interface Props {
  /** File names start with this (no extension). */
  stem: string;
  json(): string;
  /** CSV with one line per backend. */
  rowsCsv(): string;
  /** CSV with one line per step. */
  stepsCsv(): string;
  /** Live charts on the page to offer as PNG, looked up inside `chartScope` (a CSS selector) when clicked. */
  charts?: ChartRef[];
  chartScope?: string;
  testIdPrefix?: string;
}

/** JSON (the document a link carries), CSV per backend and per step, and a PNG of each chart. */
export function ExportButtons({ stem, json, rowsCsv, stepsCsv, charts = [], chartScope = 'body', testIdPrefix = 'export' }: Props) {
  const [error, setError] = useState<string | null>(null);
  const attempt = (action: () => void | Promise<void>) => {
    setError(null);
    Promise.resolve()
      .then(action)
      .catch((err: unknown) => setError(`Export failed: ${err instanceof Error ? err.message : String(err)}`));
  };
  const savePng = (chart: ChartRef) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`${chartScope} [data-testid="${chart.testId}"] canvas`);
    if (!canvas) throw new Error(`the ${chart.title} chart is not on the page`);
    return downloadCanvasPng(`${stem}-${chart.testId}.png`, canvas);
  };
  return (
    <div className="controls share-export">
      <span className="share-export-label">Export:</span>
      <button data-testid={`${testIdPrefix}-json`} onClick={() => attempt(() => downloadText(`${stem}.json`, 'application/json', json()))}>
        JSON
      </button>
      <button data-testid={`${testIdPrefix}-csv-rows`} onClick={() => attempt(() => downloadText(`${stem}-backends.csv`, 'text/csv', rowsCsv()))}>
        CSV per backend
      </button>
      <button data-testid={`${testIdPrefix}-csv-steps`} onClick={() => attempt(() => downloadText(`${stem}-steps.csv`, 'text/csv', stepsCsv()))}>
        CSV per step
      </button>
      {charts.map((chart) => (
        <button key={chart.testId} data-testid={`${testIdPrefix}-png-${chart.testId}`} onClick={() => attempt(() => savePng(chart))}>
          PNG: {chart.title}
        </button>
      ))}
      {error && (
        <span className="field-error" role="alert" data-testid={`${testIdPrefix}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
