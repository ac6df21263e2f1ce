import { Fragment, useMemo } from 'react';
import { compareResults, figureLabel, type Labelled } from '../../share/comparison';
import { formatFigure, formatRatio } from '../../share/figureFormat';
import { rowLabel } from '../../share/resultSummary';
import { markedRatio, softwareSidesText } from '../../share/softwareGpu';
import { useT } from '../i18n/useT';

/** Both results' figures per backend, and B ÷ A; a side whose row ran on a software GPU is named under the backend, and its speed-ups said to be CPU vs CPU. */
export function ComparisonTable({ a, b, testIdPrefix }: { a: Labelled; b: Labelled; testIdPrefix: string }) {
  const t = useT();
  const rows = useMemo(() => compareResults(a.result, b.result), [a, b]);
  return (
    <table className="lab-table share-table" data-testid={`${testIdPrefix}-table`}>
      <thead>
        <tr>
          <th>{t('share.table.backend')}</th>
          <th className="lab-left">{t('share.table.figure')}</th>
          <th>{a.label}</th>
          <th>{b.label}</th>
          <th>{t('share.table.ratio', { a: a.label, b: b.label })}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={row.key}>
            {row.figures.map(({ figure, a: valueA, b: valueB, ratio }, i) => {
              const id = `${testIdPrefix}-${row.key}-${figure.key}`;
              const isSpeedUp = figure.key.startsWith('speedUp');
              const cell = (value: number | null, software: boolean) => {
                const text = formatFigure(figure.key, value);
                return isSpeedUp ? markedRatio(text, software && value !== null, t.translator) : text;
              };
              const softwareSides = softwareSidesText(
                [
                  { label: a.label, software: row.softwareGpu.a },
                  { label: b.label, software: row.softwareGpu.b },
                ],
                t.translator,
              );
              return (
                <tr key={figure.key} className={i === 0 ? 'share-group-start' : undefined}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={row.figures.length}>
                      {rowLabel(row.row, t.translator)}
                      {softwareSides && (
                        <small className="share-software" data-testid={`${testIdPrefix}-software-${row.key}`}>
                          {softwareSides}
                        </small>
                      )}
                    </th>
                  )}
                  <td className="lab-left">{figureLabel(figure, t.translator)}</td>
                  <td data-testid={`${id}-a`}>{cell(valueA, row.softwareGpu.a)}</td>
                  <td data-testid={`${id}-b`}>{cell(valueB, row.softwareGpu.b)}</td>
                  <td data-testid={`${id}-ratio`} className="share-ratio">
                    {formatRatio(ratio)}
                  </td>
                </tr>
              );
            })}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
