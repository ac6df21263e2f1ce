import { CLASS_NAMES } from '../../config/datasets';
import { IMAGE_SIDE_PX } from '../../config/tunables';
import type { ConfusionResult } from '../../engine/protocol/inspect';
import { accuracyOf, perClassAccuracy } from '../../metrics/confusion';
import { formatPercent } from '../../share/format';
import { inspectSession, useInspect } from './inspectStore';
import { AskStatus, ModelSourceLine } from './ModelSourceLine';
import { Mosaic } from './Mosaic';

/** A cell's shade: its share of the row (the examples of that class), stronger for more. */
function shade(count: number, rowTotal: number, diagonal: boolean): string {
  if (count === 0 || rowTotal === 0) return 'transparent';
  const alpha = 0.12 + 0.6 * (count / rowTotal);
  return diagonal ? `rgba(22, 163, 74, ${alpha.toFixed(2)})` : `rgba(220, 38, 38, ${Math.min(0.72, alpha + 0.1).toFixed(2)})`;
}

function caption(result: ConfusionResult): string {
  const when = result.epoch === null ? 'asked for now' : `at the end of epoch ${result.epoch} (step ${result.step})`;
  return `${result.examples} test images, ${when}: ${formatPercent(accuracyOf(result.counts))} on the diagonal.`;
}

function Matrix({ result }: { result: ConfusionResult }) {
  const names = CLASS_NAMES[result.source.dataset];
  const rowTotals = result.counts.map((row) => row.reduce((s, c) => s + c, 0));
  const perClass = perClassAccuracy(result.counts);
  return (
    <table className="confusion" data-testid="confusion-matrix" data-epoch={result.epoch ?? ''}>
      <caption data-testid="confusion-caption">{caption(result)}</caption>
      <thead>
        <tr>
          <th scope="col">Actual ↓ / predicted →</th>
          {names.map((name, p) => (
            <th key={p} scope="col">
              {name}
            </th>
          ))}
          <th scope="col">Right</th>
        </tr>
      </thead>
      <tbody>
        {result.counts.map((row, a) => (
          <tr key={a}>
            <th scope="row">{names[a]}</th>
            {row.map((count, p) => (
              <td key={p} data-testid={`confusion-cell-${a}-${p}`} style={{ background: shade(count, rowTotals[a], a === p) }}>
                {count}
              </td>
            ))}
            <td className="confusion-rate">{formatPercent(perClass[a])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The confusion matrix on the test split: at each epoch end of a CNN run, or on demand. */
export function ConfusionPanel() {
  const { results, pending } = useInspect();
  const result = results.confusion;
  const names = CLASS_NAMES[result?.source.dataset ?? 'mnist'];
  return (
    <section className="panel inspect-panel" data-testid="confusion-panel">
      <h2>Confusion matrix</h2>
      <p className="inspect-note">Rows are the true classes of the test images, columns what the model said. It fills in at every epoch end of a CNN run, or now on request.</p>
      <div className="controls">
        <button className="primary" data-testid="btn-confusion" disabled={pending.confusion} onClick={() => inspectSession.ask({ what: 'confusion' })}>
          Compute on the test split
        </button>
      </div>
      <AskStatus pending={pending.confusion} failed={results.failed.confusion} testId="confusion" />
      {result && (
        <>
          <ModelSourceLine source={result.source} testId="confusion-source" />
          <div className="confusion-scroll">
            <Matrix result={result} />
          </div>
          <h3>Most confused</h3>
          {result.worst.length === 0 ? (
            <p data-testid="confusion-none">No test image was misread.</p>
          ) : (
            <ul className="worst-pairs">
              {result.worst.map((pair, i) => (
                <li key={`${pair.actual}-${pair.predicted}`} data-testid={`worst-pair-${i}`}>
                  <span>
                    <strong>{names[pair.actual]}</strong> read as <strong>{names[pair.predicted]}</strong>: {pair.count} times ({formatPercent(pair.rate)} of the {names[pair.actual]}s)
                  </span>
                  <Mosaic
                    pixels={pair.images}
                    count={pair.indices.length}
                    height={IMAGE_SIDE_PX}
                    width={IMAGE_SIDE_PX}
                    zoom={2}
                    invert
                    label={`Test images ${pair.indices.join(', ')}: ${names[pair.actual]} read as ${names[pair.predicted]}`}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
