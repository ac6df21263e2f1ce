import type { SharedResult } from '../../share/resultDoc';

function text(value: SharedResult['device'][string]): string {
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value === '' ? '(empty)' : String(value);
}

/** The full device report and library versions of a result, folded away; every value shown as text. */
export function DeviceDetails({ result, title, testId }: { result: SharedResult; title: string; testId: string }) {
  const device = Object.entries(result.device);
  const versions = Object.entries(result.versions);
  return (
    <details className="share-device" data-testid={testId}>
      <summary>{title}</summary>
      <dl>
        {device.map(([key, value]) => (
          <div key={key} className="lab-fact">
            <dt>{key}</dt>
            <dd>{text(value)}</dd>
          </div>
        ))}
        {versions.map(([key, value]) => (
          <div key={`version-${key}`} className="lab-fact">
            <dt>version of {key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {device.length === 0 && <p className="share-note">No device report.</p>}
    </details>
  );
}
