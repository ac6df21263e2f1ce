import { useT } from '../i18n/useT';
import type { ChartTableModel } from './chartTable';

/** A chart's figures as an HTML table (built by `seriesTable` / `barTable`); scrolls inside itself when wide. */
export function ChartTable({ testId, table }: { testId: string; table: ChartTableModel }) {
  return (
    <div className="chart-table-scroll" role="region" aria-label={table.caption} tabIndex={0}>
      <table className="lab-table chart-table" data-testid={testId}>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.headings.map((heading, i) => (
              // Two series may share a label: a column's place is its identity.
              <th key={i} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.heading}</th>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The "Show as table" / "Show as chart" switch of a chart. */
export function TableToggle({ testId, shown, onToggle }: { testId: string; shown: boolean; onToggle(): void }) {
  const t = useT();
  return (
    <button type="button" className="chart-table-toggle" data-testid={`${testId}-table-toggle`} aria-pressed={shown} onClick={onToggle}>
      {t('chart.showTable')}
    </button>
  );
}
