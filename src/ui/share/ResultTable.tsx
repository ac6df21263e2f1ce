import type { SharedResult } from '../../share/resultDoc';
import { FIGURES } from '../../share/comparison';
import { formatFigure } from '../../share/figureFormat';
import { rowLabel } from '../../share/resultSummary';

/** One result's summary: a row per backend, a column per figure it has. */
export function ResultTable({ result, testIdPrefix }: { result: SharedResult; testIdPrefix: string }) {
  const figures = FIGURES.filter((f) => result.rows.some((r) => r[f.key] !== undefined));
  return (
    <table className="lab-table share-table" data-testid={`${testIdPrefix}-table`}>
      <thead>
        <tr>
          <th>Backend</th>
          {figures.map((f) => (
            <th key={f.key}>{f.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {result.rows.map((row) => {
          const key = row.loop === 'bare' ? `${row.backend}-bare` : row.backend;
          return (
            <tr key={key} data-testid={`${testIdPrefix}-row-${key}`}>
              <th scope="row">{rowLabel(row)}</th>
              {figures.map((f) => (
                <td key={f.key} data-testid={`${testIdPrefix}-cell-${key}-${f.key}`}>
                  {formatFigure(f.key, row[f.key])}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
