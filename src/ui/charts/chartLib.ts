import { useEffect, useState, type DependencyList, type RefObject } from 'react';
import { applyChartTheme } from './chartTheme';
import { applyPresentation, presentationPlugin } from './presentation';

export type ChartLib = typeof import('chart.js');

let loading: Promise<ChartLib> | null = null;

/** Chart.js, loaded once after the page is usable: it is the largest piece of the page's own code. */
export function loadChartLib(): Promise<ChartLib> {
  loading ??= import('chart.js').then((lib) => {
    const { Chart } = lib;
    Chart.register(
      lib.LineController,
      lib.LineElement,
      lib.PointElement,
      lib.BarController,
      lib.BarElement,
      lib.LinearScale,
      lib.LogarithmicScale,
      lib.CategoryScale,
      lib.Legend,
      lib.Tooltip,
      presentationPlugin,
    );
    applyChartTheme(lib);
    applyPresentation(lib);
    return lib;
  });
  return loading;
}

/** Redraws every chart for presentation mode turning on or off; loads nothing that is not loaded yet. */
export function refreshChartsForPresentation(): void {
  void loading?.then(applyPresentation);
}

/**
 * Makes a chart on the canvas once Chart.js is loaded, and destroys it on unmount or when `deps`
 * change; null until then. Effects that feed it data depend on the chart it returns.
 */
export function useChart<C extends { destroy(): void }>(canvasRef: RefObject<HTMLCanvasElement | null>, create: (lib: ChartLib, canvas: HTMLCanvasElement) => C, deps: DependencyList): C | null {
  const [made, setMade] = useState<{ chart: C; deps: DependencyList } | null>(null);
  useEffect(() => {
    let alive = true;
    let chart: C | null = null;
    void loadChartLib().then((lib) => {
      if (!alive || !canvasRef.current) return;
      chart = create(lib, canvasRef.current);
      setMade({ chart, deps });
    });
    return () => {
      alive = false;
      chart?.destroy();
      setMade(null);
    };
    // The caller lists what the chart is built from; `create` is a fresh closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // In the render where the deps change (a new language, a new axis name) the old chart is already destroyed: never hand it out.
  const current = made !== null && made.deps.length === deps.length && made.deps.every((d, i) => Object.is(d, deps[i]));
  return current ? made.chart : null;
}
