import { BACKEND_LABELS, BACKEND_NAMES, type BackendAvailability, type BackendName } from '../../config/backends';
import type { RawValues } from '../../share/pageSettings';
import { LabFields } from './LabFields';

const WORKLOAD_KEYS = ['model', 'dataset', 'batchSize', 'seed', 'warmupSteps', 'measuredSteps'] as const;

interface Props {
  values: RawValues;
  backends: BackendAvailability[] | null;
  /** The backends ticked (those in the settings that this browser has). */
  chosen: readonly BackendName[];
  onToggleBackend(name: BackendName, on: boolean): void;
}

/** The workload every race, batch sweep, anatomy and profile uses, and the backends the race and sweeps run on. */
export function LabSettings({ values, backends, chosen, onToggleBackend }: Props) {
  return (
    <section className="panel lab-settings" data-testid="lab-settings">
      <h2>Workload</h2>
      <LabFields keys={WORKLOAD_KEYS} values={values} />
      {backends ? (
        <fieldset className="backend-picker" data-testid="lab-backends">
          <legend>Backends to race and sweep</legend>
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
                <span className="backend-name">{BACKEND_LABELS[name]}</span>
                <small className="backend-reason" data-testid={`lab-backend-reason-${name}`}>
                  {b?.reason ?? 'not detected'}
                </small>
              </label>
            );
          })}
        </fieldset>
      ) : (
        <p data-testid="lab-backends-detecting">Detecting backends…</p>
      )}
    </section>
  );
}
