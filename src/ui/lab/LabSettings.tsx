import { BACKEND_NAMES, type BackendAvailability, type BackendName } from '../../config/backends';
import type { RawValues } from '../../share/pageSettings';
import { softwareCardMessage } from '../../share/softwareGpu';
import { SoftwareGpuNote } from '../components/SoftwareGpuNote';
import { useT } from '../i18n/useT';
import { OwnDatasetNote } from '../ownData/OwnDatasetNote';
import { useListedOwnDatasetChoice } from '../ownData/useOwnDatasets';
import { LabFields } from './LabFields';
import { Say } from '../i18n/Say';

const WORKLOAD_KEYS = ['model', 'dataset', 'batchSize', 'seed', 'warmupSteps', 'measuredSteps'] as const;
/** Which engines train on WebGPU in the race, the parity check and the batch sweep: beside the backends they run on. */
const ENGINE_KEYS = ['webgpuEngines'] as const;

interface Props {
  values: RawValues;
  backends: BackendAvailability[] | null;
  /** The backends ticked (those in the settings that this browser has). */
  chosen: readonly BackendName[];
  onToggleBackend(name: BackendName, on: boolean): void;
}

/** The workload every race, batch sweep, anatomy and profile uses, the backends the race and sweeps run on, and the engines WebGPU runs there. */
export function LabSettings({ values, backends, chosen, onToggleBackend }: Props) {
  const t = useT();
  const own = useListedOwnDatasetChoice(values.dataset);
  return (
    <section className="panel lab-settings" data-testid="lab-settings">
      <h2>{t('lab.settings.title')}</h2>
      <LabFields keys={WORKLOAD_KEYS} values={values} moreOptions={{ dataset: own.options }} />
      <OwnDatasetNote choice={own} />
      {backends ? (
        <fieldset className="backend-picker" data-testid="lab-backends">
          <legend>{t('lab.settings.backends')}</legend>
          {BACKEND_NAMES.map((name) => {
            const b = backends.find((a) => a.name === name);
            return (
              <label key={name} className={b?.available ? 'backend' : 'backend unavailable'}>
                <input
                  type="checkbox"
                  data-testid={`lab-backend-${name}`}
                  checked={chosen.includes(name)}
                  disabled={!b?.available}
                  onChange={(e) => onToggleBackend(name, e.target.checked)}
                />
                <span className="backend-name">{t.backend(name)}</span>
                <small className="backend-reason" data-testid={`lab-backend-reason-${name}`}>
                  {b ? <Say message={b.reason} /> : t('lab.settings.notDetected')}
                </small>
                {b?.available && b.softwareGpu && (
                  <small className="backend-software" data-testid={`lab-backend-software-${name}`}>
                    <Say message={softwareCardMessage(b.softwareGpu)} />
                  </small>
                )}
              </label>
            );
          })}
          <SoftwareGpuNote backends={backends} testId="lab-software-gpu-note" />
        </fieldset>
      ) : (
        <p data-testid="lab-backends-detecting">{t('lab.detecting')}</p>
      )}
      <LabFields keys={ENGINE_KEYS} values={values} />
    </section>
  );
}
