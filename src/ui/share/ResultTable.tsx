import type { SharedResult } from '../../share/resultDoc';
import { FIGURES } from '../../share/comparison';
import { formatFigure, formatRatio } from '../../share/figureFormat';
import { rowLabel } from '../../share/resultSummary';
import { withSpeedUps } from '../../share/speedUps';

/** One result's summary: a row per backend, a column per figure it has; a race's speed-ups over both CPU baselines. */
export function ResultTable({ result, testIdPrefix }: { result: SharedResult; testIdPrefix: string }) {
  const figures = FIGURES.filter((f) => result.rows.some((r) => r[f.key] !== undefined));
  const rows = withSpeedUps(result.rows.filter((r) => r.loop === 'app'));
  const isRace = result.race !== null;
  return (
    <table className="lab-table share-table" data-testid={`${testIdPrefix}-table`}>
      <thead>
        <tr>
          <th>Backend</th>
          {figures.map((f) => (
            <th key={f.key}>{f.label}</th>
          ))}
          {isRace && <th>Speed-up vs plain-JS CPU</th>}
          {isRace && <th>Speed-up vs WebAssembly CPU</th>}
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
              {isRace && <td data-testid={`${testIdPrefix}-cell-${key}-speedUpVsCpu`}>{formatRatio(rows.find((r) => r.backend === row.backend)?.speedUpVsCpu ?? null)}</td>}
              {isRace && <td data-testid={`${testIdPrefix}-cell-${key}-speedUpVsWasm`}>{formatRatio(rows.find((r) => r.backend === row.backend)?.speedUpVsWasm ?? null)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
