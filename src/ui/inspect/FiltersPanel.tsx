import { CLASS_NAMES } from '../../config/datasets';
import { INSPECT_TABLE } from '../../config/inspectConfig';
import { formErrors } from '../../config/schema';
import { IMAGE_SIDE_PX } from '../../config/tunables';
import { formatNumber } from '../../share/format';
import type { RawValues } from '../../share/pageSettings';
import { SettingsForm } from '../components/SettingsForm';
import { setFormValue } from '../share/pageStore';
import { inspectSession, useInspect } from './inspectStore';
import { AskStatus, ModelSourceLine } from './ModelSourceLine';
import { Mosaic } from './Mosaic';

/** Feature maps per row in the mosaic. */
const MAP_COLUMNS = 16;

/** What the first convolution learned (its filters) and what every convolution makes of one test image. */
export function FiltersPanel({ values, testImage }: { values: RawValues; testImage: number }) {
  const { results, pending } = useInspect();
  const result = results.filters;
  const bad = Object.keys(formErrors(INSPECT_TABLE, values, ['testImage'])).length > 0;
  return (
    <section className="panel inspect-panel" data-testid="filters-panel">
      <h2>What the first layer learned</h2>
      <SettingsForm table={INSPECT_TABLE} keys={['testImage']} values={values} disabled={false} onChange={(key, value) => setFormValue('inspect', key, value)} idPrefix="inspect-field" />
      <div className="controls">
        <button className="primary" data-testid="btn-filters" disabled={pending.filters || bad} onClick={() => inspectSession.ask({ what: 'filters', testImage })}>
          Show filters and feature maps
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
                label={`${result.filters.count} filters of ${result.filters.height} by ${result.filters.width} pixels`}
              />
              <figcaption>
                The {result.filters.count} filters of {result.filters.layer} ({result.filters.height}×{result.filters.width}): grey is 0, white positive, black negative (±{formatNumber(result.filters.maxAbs)}). Each one slides over the image and
                lights up where the image looks like it: edges and strokes in one direction.
              </figcaption>
            </figure>
          ) : (
            <p data-testid="no-filters">This model has no convolution layers, so it has no filters to show.</p>
          )}
          <div className="feature-input">
            <Mosaic pixels={result.image} count={1} height={IMAGE_SIDE_PX} width={IMAGE_SIDE_PX} zoom={4} invert label={`Test image ${result.testImage}, a ${CLASS_NAMES[result.source.dataset][result.label]}`} testId="feature-image" />
            <span>
              Test image {result.testImage}: {CLASS_NAMES[result.source.dataset][result.label]}
            </span>
          </div>
          {result.maps.map((map) => (
            <figure key={map.layer} className="feature-maps" data-testid={`feature-maps-${map.layer}`}>
              <figcaption>
                {map.layer}: {map.channels} feature maps of {map.height}×{map.width} (bright = strong response)
              </figcaption>
              <Mosaic pixels={map.pixels} count={map.channels} height={map.height} width={map.width} zoom={map.height > 20 ? 2 : 4} columns={MAP_COLUMNS} label={`${map.channels} feature maps of ${map.layer}`} />
            </figure>
          ))}
        </>
      )}
    </section>
  );
}
