import { formatNumber, formatPercent } from '../../share/format';
import { useT } from '../i18n/useT';
import { inspectSession, useInspect } from './inspectStore';
import { AskStatus, ModelSourceLine } from './ModelSourceLine';
import { Say } from '../i18n/Say';

/** Like Keras's model.summary(), plus each layer's arithmetic and its share of the profiled step time. */
export function SummaryPanel() {
  const t = useT();
  const { results, pending } = useInspect();
  const result = results.summary;
  return (
    <section className="panel inspect-panel" data-testid="summary-panel">
      <h2>{t('inspect.summary.title')}</h2>
      <p className="inspect-note">{t('inspect.summary.note')}</p>
      <div className="controls">
        <button className="primary" data-testid="btn-summary" disabled={pending.summary} onClick={() => inspectSession.ask({ what: 'summary' })}>
          {t('inspect.summary.run')}
        </button>
      </div>
      <AskStatus pending={pending.summary} failed={results.failed.summary} testId="summary" />
      {result && (
        <>
          <ModelSourceLine source={result.source} testId="summary-source" />
          <table className="lab-table summary-table" data-testid="summary-table">
            <caption>
              {t('inspect.summary.caption', {
                model: t.say(result.modelName),
                params: formatNumber(result.totals.params, 7),
                flops: formatNumber(result.totals.forwardFlops),
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('inspect.summary.layer')}</th>
                <th scope="col">{t('inspect.summary.shape')}</th>
                <th scope="col">{t('inspect.summary.params')}</th>
                <th scope="col">{t('inspect.summary.flops')}</th>
                <th scope="col">{t('inspect.summary.share')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row, i) => (
                <tr key={row.name} data-testid={`summary-row-${i}`}>
                  <th scope="row">
                    {row.name} ({row.className})
                  </th>
                  <td>{row.shapeText}</td>
                  <td>{t.number(row.params)}</td>
                  <td>{formatNumber(row.forwardFlops)}</td>
                  <td className="lab-share">
                    {row.share !== null && <span className="lab-share-bar" style={{ width: `${100 * row.share}%` }} />}
                    <span>{row.share === null ? t('inspect.summary.unavailable') : formatPercent(row.share)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('inspect.summary.total')}</th>
                <td />
                <td data-testid="summary-total-params">{t.number(result.totals.params)}</td>
                <td>{formatNumber(result.totals.forwardFlops)}</td>
                <td>{result.totals.timeMs === null ? t('inspect.summary.unavailable') : t('stats.ms', { value: formatNumber(result.totals.timeMs) })}</td>
              </tr>
            </tfoot>
          </table>
          <p className="inspect-note" data-testid="summary-timing">
            {t('inspect.summary.timing', { batch: result.batchSize })} <Say message={result.timing.note} />
          </p>
        </>
      )}
    </section>
  );
}
