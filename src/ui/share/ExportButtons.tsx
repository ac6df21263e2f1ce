import { useState } from 'react';
import { downloadCanvasPng, downloadText } from './download';
import { useT } from '../i18n/useT';

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

/** Animation frames a chart just shown takes to resize and redraw. */
const FRAMES_TO_DRAW = 2;

/** JSON (the document a link carries), CSV per backend and per step, and a PNG of each chart. */
export function ExportButtons({ stem, json, rowsCsv, stepsCsv, charts = [], chartScope = 'body', testIdPrefix = 'export' }: Props) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const attempt = (action: () => void | Promise<void>) => {
    setError(null);
    Promise.resolve()
      .then(action)
      .catch((err: unknown) => setError(t('share.export.failed', { error: t.detail(err) })));
  };
  const savePng = async (chart: ChartRef) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`${chartScope} [data-testid="${chart.testId}"] canvas`);
    if (!canvas) throw new Error(t('share.export.noChart', { chart: chart.title }));
    // A chart folded under "More figures" has never been laid out: open its group and let it draw first.
    const group = canvas.closest('details');
    if (group && !group.open) {
      group.open = true;
      for (let frame = 0; frame < FRAMES_TO_DRAW; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return downloadCanvasPng(`${stem}-${chart.testId}.png`, canvas, t.translator);
  };
  return (
    <div className="controls share-export">
      <span className="share-export-label">{t('share.export.label')}</span>
      <button data-testid={`${testIdPrefix}-json`} onClick={() => attempt(() => downloadText(`${stem}.json`, 'application/json', json()))}>
        JSON
      </button>
      <button data-testid={`${testIdPrefix}-csv-rows`} onClick={() => attempt(() => downloadText(`${stem}-backends.csv`, 'text/csv', rowsCsv()))}>
        {t('share.export.csvRows')}
      </button>
      <button data-testid={`${testIdPrefix}-csv-steps`} onClick={() => attempt(() => downloadText(`${stem}-steps.csv`, 'text/csv', stepsCsv()))}>
        {t('share.export.csvSteps')}
      </button>
      {charts.map((chart) => (
        <button key={chart.testId} data-testid={`${testIdPrefix}-png-${chart.testId}`} onClick={() => attempt(() => savePng(chart))}>
          {t('share.export.png', { chart: chart.title })}
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
