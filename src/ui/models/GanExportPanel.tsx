import { useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { continueGanConfig } from '../../share/ganFiles';
import { MODEL_FILE_EXTENSION } from '../../share/savedModels';
import { unfinishedRunText } from '../../share/unfinishedRun';
import { useT } from '../i18n/useT';
import { modelSession } from './modelSession';
import { Say } from '../i18n/Say';

/**
 * The GAN studio's "Take the GAN further": both networks of the last GAN run as a Keras package
 * (strategy.run loop), the run's whole state saved in this browser (listed in the History tab) or as a
 * .gpck file, and a GAN file loaded back (from a file or the History tab) to continue training.
 */
export function GanExportPanel({ backend, busyTraining }: { backend: BackendName | null; busyTraining: boolean }) {
  const t = useT();
  const s = useSyncExternalStore(modelSession.subscribe, modelSession.getSnapshot);
  const canUseKept = s.kept === 'ganRun' && s.busy === null && !busyTraining;
  const loaded = s.ganLoaded;
  const canContinue = loaded !== null && backend !== null && !busyTraining && continueGanConfig(loaded.header, backend) !== null;
  return (
    <section className="panel model-panel" data-testid="gan-export-panel" aria-labelledby="gan-export-title">
      <h2 id="gan-export-title">{t('models.gan.title')}</h2>
      <div className="controls">
        <button data-testid="btn-gan-export" disabled={!canUseKept} onClick={() => void modelSession.exportForTensorFlow()}>
          {s.busy === 'export' ? t('models.panel.exporting') : t('models.panel.export')}
        </button>
        <button data-testid="btn-gan-save" disabled={!canUseKept} onClick={() => void modelSession.saveToBrowser()}>
          {s.busy === 'save' ? t('models.panel.saving') : t('models.panel.save')}
        </button>
        <button data-testid="btn-gan-download" disabled={!canUseKept} onClick={() => void modelSession.download()}>
          {s.busy === 'download' ? t('models.panel.preparing') : t('models.panel.download', { extension: MODEL_FILE_EXTENSION })}
        </button>
        <label className="file-pick">
          {t('models.panel.loadFile')}{' '}
          <input
            type="file"
            accept={MODEL_FILE_EXTENSION}
            data-testid="gan-file-input"
            disabled={s.busy !== null}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void modelSession.loadGanFile(file);
            }}
          />
        </label>
      </div>
      {s.scope === 'gan' && s.error && (
        <div className="error" role="alert" data-testid="gan-export-error">
          <Say message={s.error} />
        </div>
      )}
      {s.scope === 'gan' && s.note && (
        <p className="share-note" role="status" data-testid="gan-export-note">
          <Say message={s.note} />
        </p>
      )}
      {loaded && (
        <div className="loaded-model" data-testid="gan-loaded">
          <p data-testid="gan-loaded-detail">{t.rich('models.panel.from', { detail: unfinishedRunText({ header: loaded.header, savedAt: loaded.header.createdAt, bytes: loaded.bytes }, t.translator), source: <Say message={loaded.source} /> })}</p>
          <div className="controls">
            <button data-testid="btn-gan-continue" disabled={!canContinue} onClick={() => backend && modelSession.continueGan(backend)}>
              {t('models.panel.continue')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
