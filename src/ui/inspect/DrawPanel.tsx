import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { isOwnDatasetId } from '../../config/datasets';
import { INSPECT_SCHEMA } from '../../config/inspectConfig';
import { IMAGE_SIDE_PX } from '../../config/tunables';
import { DIGIT_BOX_PX, preprocessDigit, type InkImage } from '../../metrics/digitImage';
import { argMax, entropyBits, withTemperature } from '../../metrics/softmax';
import { msg } from '../../i18n/message';
import { formatNumber, formatPercent } from '../../share/format';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { inkPicture } from '../ownData/drawingBoard';
import { ownDataList } from '../ownData/ownDataList';
import { setFormValue, usePageSettings } from '../share/pageStore';
import { DigitCanvas } from './DigitCanvas';
import { inspectSession, useInspect } from './inspectStore';
import { classNamesOf, colourSizeOf } from './inspectText';
import { AskStatus, ModelSourceLine } from './ModelSourceLine';
import { Mosaic } from './Mosaic';

const { min: T_MIN, max: T_MAX } = INSPECT_SCHEMA.temperature;
/** The slider moves over log10(T), so 0.1, 1 and 10 are evenly spaced. */
const SLIDER_STEP = 0.01;

function toBytes(pixels: Float32Array): Uint8Array {
  return Uint8Array.from(pixels, (v) => Math.round(v * 255));
}

/** Draw a digit for a grayscale model; for a model of colour images, one sentence instead of the pad. */
export function DrawPanel({ temperature }: { temperature: number }) {
  const t = useT();
  const { results } = useInspect();
  const trainDataset = usePageSettings().settings.cnn.dataset;
  useSyncExternalStore(ownDataList.subscribe, ownDataList.getSnapshot);
  const colourSize = colourSizeOf(results, trainDataset);
  if (colourSize === null) return <DrawPad temperature={temperature} />;
  return (
    <section className="panel inspect-panel" data-testid="draw-panel">
      <h2>{t('inspect.draw.title')}</h2>
      <p className="inspect-note" data-testid="draw-colour-note">
        <Say message={msg('ownData.drawNeedsGray', { size: colourSize })} />
      </p>
    </section>
  );
}

/** Draw a digit, see the model's softmax as bars, and reshape it with the temperature. */
function DrawPad({ temperature }: { temperature: number }) {
  const t = useT();
  const { results, pending } = useInspect();
  const [digit, setDigit] = useState<Float32Array | null>(null);
  const prediction = results.prediction;
  const cnnDataset = usePageSettings().settings.cnn.dataset ?? 'mnist';
  const classNames = classNamesOf(prediction?.source.dataset ?? 'mnist', t.translator, prediction?.probabilities.length);

  // A model of an own set answers for the drawing prepared like its drawn data sets' (the worker's
  // src/engine/inspect/drawnInput.ts); the preview then shows the image it was given.
  const modelDataset = prediction?.source.dataset ?? cnnDataset;
  const ownModel = isOwnDatasetId(modelDataset);
  const onInk = useCallback((ink: InkImage) => {
    const pixels = preprocessDigit(ink);
    setDigit(pixels);
    if (pixels) inspectSession.predict(pixels, inkPicture(ink));
  }, []);
  const onClear = useCallback(() => setDigit(null), []);

  const shown = useMemo(() => (prediction && digit ? withTemperature(prediction.probabilities, temperature) : null), [prediction, digit, temperature]);
  const top = shown ? argMax(shown) : -1;
  const setTemperature = (log10: number) => setFormValue('inspect', 'temperature', String(Number((10 ** log10).toPrecision(2))), 'replace');

  return (
    <section className="panel inspect-panel" data-testid="draw-panel">
      <h2>{t('inspect.draw.title')}</h2>
      <div className="draw-layout">
        <div>
          <DigitCanvas onInk={onInk} onClear={onClear} />
          <p className="inspect-note" data-testid="draw-preprocess-note">
            {ownModel ? t('inspect.draw.preprocessOwn', { side: IMAGE_SIDE_PX }) : t('inspect.draw.preprocess', { box: DIGIT_BOX_PX, side: IMAGE_SIDE_PX })}
          </p>
          {digit && (
            <figure className="draw-preview">
              <Mosaic pixels={ownModel && prediction ? prediction.input : toBytes(digit)} count={1} height={IMAGE_SIDE_PX} width={IMAGE_SIDE_PX} zoom={3} invert label={t('inspect.draw.previewLabel', { side: IMAGE_SIDE_PX })} testId="draw-preview" />
              <figcaption>{t('inspect.draw.previewCaption', { side: IMAGE_SIDE_PX })}</figcaption>
            </figure>
          )}
        </div>
        <div className="draw-output">
          <label className="temperature">
            <span>
              {t('inspect.draw.temperature')} <strong data-testid="temperature-value">{formatNumber(temperature, 2)}</strong>
            </span>
            <input
              type="range"
              data-testid="temperature-slider"
              min={Math.log10(T_MIN)}
              max={Math.log10(T_MAX)}
              step={SLIDER_STEP}
              value={Math.log10(temperature)}
              aria-valuetext={t('inspect.draw.temperatureValue', { value: formatNumber(temperature, 2) })}
              onChange={(e) => setTemperature(Number(e.target.value))}
            />
            <small>{t('inspect.draw.temperatureHelp')}</small>
          </label>
          <AskStatus pending={pending.predict} failed={results.failed.predict} testId="predict" />
          {!digit && <p className="inspect-note">{t('inspect.draw.prompt')}</p>}
          {shown && (
            <>
              <p className="predicted" data-testid="predicted-class" data-class={top}>
                {t('inspect.draw.looksLike')} <strong>{classNames[top]}</strong> {t('inspect.draw.looksLikeDetail', { probability: formatPercent(shown[top]), bits: formatNumber(entropyBits(shown), 2) })}
              </p>
              <ol className="prob-bars" data-testid="prob-bars" aria-label={t('inspect.draw.bars')}>
                {shown.map((p, c) => (
                  <li key={c} className={c === top ? 'prob top' : 'prob'} data-testid={`prob-${c}`} data-value={p}>
                    <span className="prob-label">{classNames[c]}</span>
                    <span className="prob-track">
                      <span className="prob-fill" style={{ width: `${100 * p}%` }} />
                    </span>
                    <span className="prob-value">{formatPercent(p)}</span>
                  </li>
                ))}
              </ol>
              <ModelSourceLine source={prediction?.source} testId="predict-source" />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
