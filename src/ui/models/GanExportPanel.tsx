import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/useT';
import { modelSession } from './modelSession';
import { Say } from '../i18n/Say';

/** The GAN studio's "Export for TensorFlow": both networks of the last GAN run as a Keras package (strategy.run loop). */
export function GanExportPanel({ busyTraining }: { busyTraining: boolean }) {
  const t = useT();
  const s = useSyncExternalStore(modelSession.subscribe, modelSession.getSnapshot);
  return (
    <section className="panel model-panel" data-testid="gan-export-panel" aria-labelledby="gan-export-title">
      <h2 id="gan-export-title">{t('models.gan.title')}</h2>
      <div className="controls">
        <button data-testid="btn-gan-export" disabled={s.kept !== 'ganRun' || s.busy !== null || busyTraining} onClick={() => void modelSession.exportForTensorFlow()}>
          {s.busy === 'export' ? t('models.panel.exporting') : t('models.panel.export')}
        </button>
      </div>
      {s.kept === 'ganRun' && s.error && (
        <div className="error" role="alert" data-testid="gan-export-error">
          <Say message={s.error} />
        </div>
      )}
      {s.kept === 'ganRun' && s.note && (
        <p className="share-note" role="status" data-testid="gan-export-note">
          <Say message={s.note} />
        </p>
      )}
    </section>
  );
}
