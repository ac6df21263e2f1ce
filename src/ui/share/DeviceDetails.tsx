import type { SharedResult } from '../../share/resultDoc';
import { useT, type T } from '../i18n/useT';

function text(value: SharedResult['device'][string], t: T): string {
  if (Array.isArray(value)) return value.length ? value.join(', ') : t('share.device.none');
  if (typeof value === 'boolean') return value ? t('share.device.yes') : t('share.device.no');
  return value === '' ? t('share.device.empty') : String(value);
}

/** The full device report and library versions of a result, folded away; every value shown as text. */
export function DeviceDetails({ result, title, testId }: { result: SharedResult; title: string; testId: string }) {
  const t = useT();
  const device = Object.entries(result.device);
  const versions = Object.entries(result.versions);
  return (
    <details className="share-device" data-testid={testId}>
      <summary>{title}</summary>
      <dl>
        {device.map(([key, value]) => (
          <div key={key} className="lab-fact">
            <dt>{key}</dt>
            <dd>{text(value, t)}</dd>
          </div>
        ))}
        {versions.map(([key, value]) => (
          <div key={`version-${key}`} className="lab-fact">
            <dt>{t('share.device.version', { name: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {device.length === 0 && <p className="share-note">{t('share.device.noReport')}</p>}
    </details>
  );
}
