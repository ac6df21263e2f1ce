import type { RunStore } from '../runStore';
import { LiveChart, type SeriesSpec } from './LiveChart';

export interface ChartDef {
  testId: string;
  title: string;
  series: SeriesSpec[];
  yLabel: string;
  y2Label?: string;
  /** What the chart says before its first point (default: it appears while a model trains; press Train). */
  emptyText?: string;
}

/** A view's live charts, from one table that also names them for PNG export. */
export function ChartGrid({ store, charts }: { store: RunStore; charts: ChartDef[] }) {
  return (
    <section className="charts">
      {charts.map((c) => (
        <LiveChart key={c.testId} store={store} {...c} />
      ))}
    </section>
  );
}
