import { formatNumber, formatPercent } from '../../share/format';
import { inspectSession, useInspect } from './inspectStore';
import { AskStatus, ModelSourceLine } from './ModelSourceLine';

/** Like Keras's model.summary(), plus each layer's arithmetic and its share of the profiled step time. */
export function SummaryPanel() {
  const { results, pending } = useInspect();
  const result = results.summary;
  return (
    <section className="panel inspect-panel" data-testid="summary-panel">
      <h2>Model summary</h2>
      <p className="inspect-note">Like Keras’s model.summary(), with each layer’s forward arithmetic and its share of the time its kernels take (profiled with tf.profile). A CNN being trained must be paused first.</p>
      <div className="controls">
        <button className="primary" data-testid="btn-summary" disabled={pending.summary} onClick={() => inspectSession.ask({ what: 'summary' })}>
          Summarize the model
        </button>
      </div>
      <AskStatus pending={pending.summary} failed={results.failed.summary} testId="summary" />
      {result && (
        <>
          <ModelSourceLine source={result.source} testId="summary-source" />
          <table className="lab-table summary-table" data-testid="summary-table">
            <caption>
              {result.modelLabel}: {formatNumber(result.totals.params, 7)} parameters, {formatNumber(result.totals.forwardFlops)} FLOPs forward per example.
            </caption>
            <thead>
              <tr>
                <th scope="col">Layer (type)</th>
                <th scope="col">Output shape</th>
                <th scope="col">Param #</th>
                <th scope="col">Forward FLOPs / example</th>
                <th scope="col">Share of step time</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row, i) => (
                <tr key={row.name} data-testid={`summary-row-${i}`}>
                  <th scope="row">
                    {row.name} ({row.className})
                  </th>
                  <td>{row.shapeText}</td>
                  <td>{row.params.toLocaleString('en-US')}</td>
                  <td>{formatNumber(row.forwardFlops)}</td>
                  <td className="lab-share">
                    {row.share !== null && <span className="lab-share-bar" style={{ width: `${100 * row.share}%` }} />}
                    <span>{row.share === null ? 'unavailable' : formatPercent(row.share)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td />
                <td data-testid="summary-total-params">{result.totals.params.toLocaleString('en-US')}</td>
                <td>{formatNumber(result.totals.forwardFlops)}</td>
                <td>{result.totals.timeMs === null ? 'unavailable' : `${formatNumber(result.totals.timeMs)} ms`}</td>
              </tr>
            </tfoot>
          </table>
          <p className="inspect-note" data-testid="summary-timing">
            Each layer’s forward pass and its gradients, profiled one layer at a time at batch {result.batchSize}; the loss and the optimizer’s update are not included. {result.timing.note}
          </p>
        </>
      )}
    </section>
  );
}
