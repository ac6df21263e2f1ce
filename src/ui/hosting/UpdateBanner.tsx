import { useDevice } from '../device';
import { useT } from '../i18n/useT';
import { applyUpdate, useUpdateWaiting } from './serviceWorkerUpdates';

/**
 * "A new version is ready: Reload", quietly, once a new build's service worker waits; never while a job
 * holds the device (a run, a race, a sweep), so nothing is ever lost or reloaded mid-run.
 */
export function UpdateBanner() {
  const t = useT();
  const waiting = useUpdateWaiting();
  const { queue } = useDevice();
  if (!waiting || queue.length > 0) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span>{t('hosting.update.ready')}</span>
      <button data-testid="btn-update-reload" onClick={applyUpdate}>
        {t('hosting.update.reload')}
      </button>
    </div>
  );
}
