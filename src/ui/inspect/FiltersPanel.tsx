import { INSPECT_TABLE } from '../../config/inspectConfig';
import { formErrors } from '../../config/schema';
import { formatNumber } from '../../share/format';
import type { RawValues } from '../../share/pageSettings';
import { SettingsForm } from '../components/SettingsForm';
import { useT } from '../i18n/useT';
import { setFormValue } from '../share/pageStore';
import { inspectSession, useInspect } from './inspectStore';
import { classNamesOf } from './inspectText';
import { AskStatus, ModelSourceLine } from './ModelSourceLine';
import { Mosaic } from './Mosaic';

/** Feature maps per row in the mosaic. */
const MAP_COLUMNS = 16;

/** What the first convolution learned (its filters) and what every convolution makes of one test image. */
export function FiltersPanel({ values, testImage }: { values: RawValues; testImage: number }) {
  const t = useT();
  const { results, pending } = useInspect();
  const result = results.filters;
  const imageClass = result ? classNamesOf(result.source.dataset, t.translator)[result.label] : '';
  const bad = Object.keys(formErrors(INSPECT_TABLE, values, ['testImage'])).length > 0;
  return (
    <section className="panel inspect-panel" data-testid="filters-panel">
      <h2>{t('inspect.filters.title')}</h2>
      <SettingsForm table={INSPECT_TABLE} keys={['testImage']} values={values} disabled={false} onChange={(key, value) => setFormValue('inspect', key, value)} idPrefix="inspect-field" />
      <div className="controls">
        <button className="primary" data-testid="btn-filters" disabled={pending.filters || bad} onClick={() => inspectSession.ask({ what: 'filters', testImage })}>
          {t('inspect.filters.show')}
        </button>
      </div>
      <AskStatus pending={pending.filters} failed={results.failed.filters} testId="filters" />
      {result && (
        <>
          <ModelSourceLine source={result.source} testId="filters-source" />
          {result.filters ? (
            <figure className="filters" data-testid="first-filters">
              <Mosaic
                pixels={result.filters.pixels}
                count={result.filters.count}
                height={result.filters.height}
                width={result.filters.width}
                zoom={12}
                label={t('inspect.filters.mosaic', { count: result.filters.count, height: result.filters.height, width: result.filters.width })}
              />
              <figcaption>
                {t('inspect.filters.caption', {
                  count: result.filters.count,
                  layer: result.filters.layer,
                  height: result.filters.height,
                  width: result.filters.width,
                  maxAbs: formatNumber(result.filters.maxAbs),
                })}
              </figcaption>
            </figure>
          ) : (
            <p data-testid="no-filters">{t('inspect.filters.none')}</p>
          )}
          <div className="feature-input">
            <Mosaic pixels={result.image} channels={result.shape.channels} count={1} height={result.shape.side} width={result.shape.side} zoom={4} invert label={t('inspect.filters.imageLabel', { index: result.testImage, name: imageClass })} testId="feature-image" />
            <span>{t('inspect.filters.image', { index: result.testImage, name: imageClass })}</span>
          </div>
          {result.maps.map((map) => (
            <figure key={map.layer} className="feature-maps" data-testid={`feature-maps-${map.layer}`}>
              <figcaption>{t('inspect.filters.mapsCaption', { layer: map.layer, channels: map.channels, height: map.height, width: map.width })}</figcaption>
              <Mosaic pixels={map.pixels} count={map.channels} height={map.height} width={map.width} zoom={map.height > 20 ? 2 : 4} columns={MAP_COLUMNS} label={t('inspect.filters.mapsLabel', { channels: map.channels, layer: map.layer })} />
            </figure>
          ))}
        </>
      )}
    </section>
  );
}
