import type { SampleQuality } from '../../engine/protocol/training';
import { formatPercent } from '../../share/format';

/** The recognisability score: what share of the generated digits a trained classifier is sure of, per class. */
export function QualityPanel({ quality }: { quality: SampleQuality | null }) {
  if (!quality) return <section className="quality" data-testid="quality">Quality score: waiting for the first samples…</section>;
  const max = Math.max(1, ...quality.classCounts);
  return (
    <section className="quality" data-testid="quality">
      <div className="quality-score">
        <span className="stat-label">Recognisable (classifier confidence &gt; 0.9)</span>
        <span className="stat-value" data-testid="quality-recognisable">
          {quality.recognisable === null ? 'no classifier' : formatPercent(quality.recognisable)}
        </span>
        {quality.classEntropyBits !== null && (
          <span data-testid="quality-entropy">
            Class spread: {quality.classEntropyBits.toFixed(2)} bits of {Math.log2(10).toFixed(2)} (0 = one digit everywhere: mode collapse)
          </span>
        )}
      </div>
      {quality.classCounts.length > 0 && (
        <div className="histogram" aria-label="confident predictions per class">
          {quality.classCounts.map((count, digit) => (
            <div key={digit} className="bar" title={`${digit}: ${count}`}>
              <div className="bar-fill" style={{ height: `${(100 * count) / max}%` }} />
              <span>{digit}</span>
            </div>
          ))}
        </div>
      )}
      <small data-testid="quality-note">{quality.note}</small>
    </section>
  );
}
