import type { SampleQuality } from '../../engine/protocol/training';
import { formatPercent } from '../../share/format';
import { useT } from '../i18n/useT';
import { Say } from '../i18n/Say';

/** A sample counts as recognisable when the classifier gives its top class more than this (RECOGNISABLE_CONFIDENCE in engine/gan/judge.ts, not imported: it is worker code). */
const CONFIDENT = 0.9;

/** The recognisability score: what share of the generated digits a trained classifier is sure of, per class. */
export function QualityPanel({ quality }: { quality: SampleQuality | null }) {
  const t = useT();
  if (!quality)
    return (
      <section className="quality" data-testid="quality">
        {t('gan.quality.waiting')}
      </section>
    );
  const max = Math.max(1, ...quality.classCounts);
  return (
    <section className="quality" data-testid="quality">
      <div className="quality-score">
        <span className="stat-label">{t('gan.quality.recognisable', { threshold: `> ${CONFIDENT}` })}</span>
        <span className="stat-value" data-testid="quality-recognisable">
          {quality.recognisable === null ? t('gan.quality.noClassifier') : formatPercent(quality.recognisable)}
        </span>
        {quality.classEntropyBits !== null && (
          <span data-testid="quality-entropy">
            {t('gan.quality.spread', { bits: quality.classEntropyBits.toFixed(2), maxBits: Math.log2(10).toFixed(2) })}
          </span>
        )}
      </div>
      {quality.classCounts.length > 0 && (
        <div className="histogram" aria-label={t('gan.quality.histogram')}>
          {quality.classCounts.map((count, digit) => (
            <div key={digit} className="bar" title={`${digit}: ${count}`}>
              <div className="bar-fill" style={{ height: `${(100 * count) / max}%` }} />
              <span>{digit}</span>
            </div>
          ))}
        </div>
      )}
      <small data-testid="quality-note">
        <Say message={quality.note} />
      </small>
    </section>
  );
}
