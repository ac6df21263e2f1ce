import { Fragment, useMemo } from 'react';
import { compareResults, figureLabel, type Labelled } from '../../share/comparison';
import { formatFigure, formatRatio } from '../../share/figureFormat';
import { rowLabel } from '../../share/resultSummary';
import { useT } from '../i18n/useT';

/** Both results' figures per backend, and B ÷ A. */
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
              return (
                <tr key={figure.key} className={i === 0 ? 'share-group-start' : undefined}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={row.figures.length}>
                      {rowLabel(row.row, t.translator)}
                    </th>
                  )}
                  <td className="lab-left">{figureLabel(figure, t.translator)}</td>
                  <td data-testid={`${id}-a`}>{formatFigure(figure.key, valueA)}</td>
                  <td data-testid={`${id}-b`}>{formatFigure(figure.key, valueB)}</td>
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
