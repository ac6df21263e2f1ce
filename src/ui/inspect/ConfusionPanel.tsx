import type { ConfusionResult } from '../../engine/protocol/inspect';
import { perClassAccuracy } from '../../metrics/confusion';
import { formatPercent } from '../../share/format';
import { useT } from '../i18n/useT';
import { inspectSession, useInspect } from './inspectStore';
import { classNamesOf, confusionCaption } from './inspectText';
import { AskStatus, ModelSourceLine } from './ModelSourceLine';
import { Mosaic } from './Mosaic';

/** A cell's shade: its share of the row (the examples of that class), stronger for more. */
function shade(count: number, rowTotal: number, diagonal: boolean): string {
  if (count === 0 || rowTotal === 0) return 'transparent';
  const alpha = 0.12 + 0.6 * (count / rowTotal);
  return diagonal ? `rgba(22, 163, 74, ${alpha.toFixed(2)})` : `rgba(220, 38, 38, ${Math.min(0.72, alpha + 0.1).toFixed(2)})`;
}

function Matrix({ result }: { result: ConfusionResult }) {
  const t = useT();
  const names = classNamesOf(result.source.dataset, t.translator, result.counts.length);
  const rowTotals = result.counts.map((row) => row.reduce((s, c) => s + c, 0));
  const perClass = perClassAccuracy(result.counts);
  return (
    <table className="confusion" data-testid="confusion-matrix" data-epoch={result.epoch ?? ''}>
      <caption data-testid="confusion-caption">{confusionCaption(result, t.translator)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('inspect.confusion.corner')}</th>
          {names.map((name, p) => (
            <th key={p} scope="col">
              {name}
            </th>
          ))}
          <th scope="col">{t('inspect.confusion.right')}</th>
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
  const t = useT();
  const { results, pending } = useInspect();
  const result = results.confusion;
  const names = classNamesOf(result?.source.dataset ?? 'mnist', t.translator, result?.counts.length);
  return (
    <section className="panel inspect-panel" data-testid="confusion-panel">
      <h2>{t('inspect.confusion.title')}</h2>
      <p className="inspect-note">{t('inspect.confusion.note')}</p>
      <div className="controls">
        <button className="primary" data-testid="btn-confusion" disabled={pending.confusion} onClick={() => inspectSession.ask({ what: 'confusion' })}>
          {t('inspect.confusion.compute')}
        </button>
      </div>
      <AskStatus pending={pending.confusion} failed={results.failed.confusion} testId="confusion" />
      {result && (
        <>
          <ModelSourceLine source={result.source} testId="confusion-source" />
          <div className="confusion-scroll">
            <Matrix result={result} />
          </div>
          <h3>{t('inspect.confusion.worstPairs')}</h3>
          {result.worst.length === 0 ? (
            <p data-testid="confusion-none">{t('inspect.confusion.none')}</p>
          ) : (
            <ul className="worst-pairs">
              {result.worst.map((pair, i) => (
                <li key={`${pair.actual}-${pair.predicted}`} data-testid={`worst-pair-${i}`}>
                  <span>
                    <strong>{names[pair.actual]}</strong> {t('inspect.confusion.readAs')} <strong>{names[pair.predicted]}</strong>
                    {t('inspect.confusion.pairDetail', { count: pair.count, rate: formatPercent(pair.rate), actual: names[pair.actual] })}
                  </span>
                  <Mosaic
                    pixels={pair.images}
                    channels={result.shape.channels}
                    count={pair.indices.length}
                    height={result.shape.side}
                    width={result.shape.side}
                    zoom={2}
                    invert
                    label={t('inspect.confusion.pairImages', { indices: pair.indices.join(', '), actual: names[pair.actual], predicted: names[pair.predicted] })}
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
