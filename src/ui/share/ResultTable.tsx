import type { SharedResult } from '../../share/resultDoc';
import { laneIdOf } from '../../config/lanes';
import { FIGURES, figureLabel, rowKey, SPEED_UP_FIGURES } from '../../share/comparison';
import { formatFigure, formatRatio } from '../../share/figureFormat';
import { rowLabel } from '../../share/resultSummary';
import { markedRatio } from '../../share/softwareGpu';
import { withSpeedUps } from '../../share/speedUps';
import { useT } from '../i18n/useT';

/** One result's summary: a row per lane (WebGPU once per engine, named by it), a column per figure it has; a race's speed-ups over both CPU baselines. */
export function ResultTable({ result, testIdPrefix }: { result: SharedResult; testIdPrefix: string }) {
  const t = useT();
  const [vsCpu, vsWasm] = SPEED_UP_FIGURES;
  const figures = FIGURES.filter((f) => result.rows.some((r) => r[f.key] !== undefined));
  const rows = withSpeedUps(result.rows.filter((r) => r.loop === 'app'));
  const isRace = result.race !== null;
  return (
    <table className="lab-table share-table" data-testid={`${testIdPrefix}-table`}>
      <thead>
        <tr>
          <th>{t('share.table.backend')}</th>
          {figures.map((f) => (
            <th key={f.key}>{figureLabel(f, t.translator)}</th>
          ))}
          {isRace && <th>{figureLabel(vsCpu, t.translator)}</th>}
          {isRace && <th>{figureLabel(vsWasm, t.translator)}</th>}
        </tr>
      </thead>
      <tbody>
        {result.rows.map((row) => {
          const key = rowKey(row);
          const ranked = rows.find((r) => laneIdOf(r) === laneIdOf(row));
          // A software GPU's speed-up is a ratio of two CPU times, and says so.
          const speedUp = (value: number | null | undefined) => markedRatio(formatRatio(value ?? null), row.softwareGpu === true && typeof value === 'number', t.translator);
          return (
            <tr key={key} data-testid={`${testIdPrefix}-row-${key}`}>
              <th scope="row" data-testid={`${testIdPrefix}-backend-${key}`}>
                {rowLabel(row, t.translator)}
              </th>
              {figures.map((f) => (
                <td key={f.key} data-testid={`${testIdPrefix}-cell-${key}-${f.key}`}>
                  {formatFigure(f.key, row[f.key])}
                </td>
              ))}
              {isRace && <td data-testid={`${testIdPrefix}-cell-${key}-speedUpVsCpu`}>{speedUp(ranked?.speedUpVsCpu)}</td>}
              {isRace && <td data-testid={`${testIdPrefix}-cell-${key}-speedUpVsWasm`}>{speedUp(ranked?.speedUpVsWasm)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
