import { BACKEND_LABELS, type BackendAvailability, type BackendName } from '../../config/backends';

/** The GPU first: the anatomy and the profile are about what a GPU backend does. */
const PREFERENCE: BackendName[] = ['webgpu', 'webgl', 'wasm', 'cpu'];

export function preferredBackend(backends: BackendAvailability[] | null): BackendName | null {
  return PREFERENCE.find((name) => backends?.some((b) => b.name === name && b.available)) ?? null;
}

interface Props {
  prefix: string;
  backends: BackendAvailability[] | null;
  value: BackendName | null;
  disabled: boolean;
  onChange(name: BackendName): void;
}

/** One available backend, for jobs that run on a single backend. */
export function BackendSelect({ prefix, backends, value, disabled, onChange }: Props) {
  return (
    <label className="setting">
      <span>Backend</span>
      <select data-testid={`${prefix}-field-backend`} value={value ?? ''} disabled={disabled || !backends} onChange={(e) => onChange(e.target.value as BackendName)}>
        {(backends ?? [])
          .filter((b) => b.available)
          .map((b) => (
            <option key={b.name} value={b.name}>
              {BACKEND_LABELS[b.name]}
            </option>
          ))}
      </select>
    </label>
  );
}
