import { useId } from 'react';
import type { BackendAvailability, BackendName } from '../../config/backends';
import { softwareCardMessage } from '../../share/softwareGpu';
import { useT } from '../i18n/useT';
import { Say } from '../i18n/Say';
import { SoftwareGpuNote } from './SoftwareGpuNote';

interface Props {
  backends: BackendAvailability[] | null;
  value: BackendName;
  disabled: boolean;
  onChange(name: BackendName): void;
}

/** One radio per backend; an unavailable one is disabled with its reason, in the page's language; a software GPU says it runs on the CPU. */
export function BackendPicker({ backends, value, disabled, onChange }: Props) {
  // Every view stays mounted, so each picker needs its own radio group name.
  const group = useId();
  const t = useT();
  if (!backends) return <p data-testid="backends-detecting">{t('backend.detecting')}</p>;
  return (
    <fieldset className="backend-picker" data-testid="backend-picker">
      <legend>{t('backend.legend')}</legend>
      {backends.map((b) => (
        <label key={b.name} className={b.available ? 'backend' : 'backend unavailable'}>
          <input
            type="radio"
            name={group}
            value={b.name}
            data-testid={`backend-option-${b.name}`}
            checked={value === b.name}
            disabled={disabled || !b.available}
            onChange={() => onChange(b.name)}
          />
          <span className="backend-name">{t.backend(b.name)}</span>
          <small className="backend-reason" data-testid={`backend-reason-${b.name}`}>
            <Say message={b.reason} />
          </small>
          {b.available && b.softwareGpu && (
            <small className="backend-software" data-testid={`backend-software-${b.name}`}>
              <Say message={softwareCardMessage(b.softwareGpu)} />
            </small>
          )}
        </label>
      ))}
      <SoftwareGpuNote backends={backends} />
    </fieldset>
  );
}
