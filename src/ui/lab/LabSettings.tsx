import { BACKEND_LABELS, type BackendAvailability, type BackendName } from '../../config/backends';
import { parseField, type Field } from '../../config/schema';
import { LAB_SCHEMA, LAB_SETTING_KEYS } from '../../engine/lab/labSettings';

export type LabRawValues = Record<(typeof LAB_SETTING_KEYS)[number], string>;

const OPTION_LABELS: Record<string, Record<string, string>> = {
  model: { tiny: 'Tiny CNN (quick)', classic: 'Classic Keras CNN', large: 'Large CNN' },
  dataset: { mnist: 'MNIST digits', 'fashion-mnist': 'Fashion-MNIST' },
};

function LabField({ name, field, value, disabled, onChange }: { name: string; field: Field; value: string; disabled: boolean; onChange(v: string): void }) {
  const parsed = parseField(field, value);
  return (
    <label className={parsed.ok ? 'setting' : 'setting invalid'}>
      <span>{field.label}</span>
      {field.kind === 'enum' ? (
        <select data-testid={`lab-field-${name}`} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {OPTION_LABELS[name]?.[o] ?? o}
            </option>
          ))}
        </select>
      ) : (
        <input data-testid={`lab-field-${name}`} type="text" inputMode="numeric" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      )}
      {!parsed.ok && (
        <small role="alert" className="field-error" data-testid={`lab-field-error-${name}`}>
          {parsed.message}
        </small>
      )}
    </label>
  );
}

interface Props {
  values: LabRawValues;
  backends: BackendAvailability[] | null;
  chosen: BackendName[];
  disabled: boolean;
  onChange(key: keyof LabRawValues, value: string): void;
  onToggleBackend(name: BackendName, on: boolean): void;
}

/** The workload every race, batch sweep, anatomy and profile uses, and the backends the race and sweeps run on. */
export function LabSettings({ values, backends, chosen, disabled, onChange, onToggleBackend }: Props) {
  return (
    <section className="panel lab-settings" data-testid="lab-settings">
      <h2>Workload</h2>
      <div className="settings">
        {LAB_SETTING_KEYS.map((key) => (
          <LabField key={key} name={key} field={LAB_SCHEMA[key]} value={values[key]} disabled={disabled} onChange={(v) => onChange(key, v)} />
        ))}
      </div>
      {backends ? (
        <fieldset className="backend-picker" data-testid="lab-backends">
          <legend>Backends to race and sweep</legend>
          {backends.map((b) => (
            <label key={b.name} className={b.available ? 'backend' : 'backend unavailable'}>
              <input
                type="checkbox"
                data-testid={`lab-backend-${b.name}`}
                checked={chosen.includes(b.name)}
                disabled={disabled || !b.available}
                onChange={(e) => onToggleBackend(b.name, e.target.checked)}
              />
              <span className="backend-name">{BACKEND_LABELS[b.name]}</span>
              <small className="backend-reason" data-testid={`lab-backend-reason-${b.name}`}>
                {b.reason}
              </small>
            </label>
          ))}
        </fieldset>
      ) : (
        <p data-testid="lab-backends-detecting">Detecting backends…</p>
      )}
    </section>
  );
}
