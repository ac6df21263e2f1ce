import { useEffect, useSyncExternalStore } from 'react';
import { formatDate } from '../../share/resultSummary';
import { savedModelActionNames } from '../../share/accessibleNames';
import { modelDetail, modelFileName, modelTitle } from '../../share/savedModels';
import { savedModels } from '../../share/savedModelsModel';
import type { SavedModelEntry } from '../../share/modelStore';
import { settingsStore } from '../share/pageStore';
import { downloadBlob } from '../share/download';
import { useT } from '../i18n/useT';
import { modelSession } from './modelSession';
import { Say } from '../i18n/Say';

/** Loads a stored model into the Train view and goes there. */
export function loadStoredModel(entry: SavedModelEntry): void {
  modelSession.load(entry.bytes, { id: 'models.source.browser', values: { date: formatDate(entry.createdAt) } });
  settingsStore.update((s) => (s.view === 'train' ? s : { ...s, view: 'train' }), 'push');
}

/** The History tab's saved models: load one into the Train view, download it, delete it. */
export function SavedModelsPanel() {
  const t = useT();
  const models = useSyncExternalStore(savedModels.subscribe, savedModels.getSnapshot);
  useEffect(() => void savedModels.refresh(), []);

  return (
    <section className="panel saved-models" data-testid="saved-models">
      <h2>{t('models.saved.title')}</h2>
      {models.error && (
        <div className="error" role="alert" data-testid="saved-models-error">
          <Say message={models.error} />
        </div>
      )}
      <p className="share-note" data-testid="saved-models-count">
        {!models.loaded ? t('models.saved.reading') : models.entries.length === 0 ? t('models.saved.none') : t('models.saved.count', { count: models.entries.length })}
      </p>
      {models.entries.length > 0 && (
        <table className="lab-table">
          <thead>
            <tr>
              <th className="lab-left">{t('models.saved.when')}</th>
              <th className="lab-left">{t('models.saved.model')}</th>
              <th className="lab-left">{t('models.saved.progress')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {models.entries.map((entry, index) => {
              const names = savedModelActionNames(modelTitle(entry.header.config, t.translator), entry.header.progress.step, entry.createdAt, models.entries.length - index, t.translator);
              return (
                <tr key={entry.id} data-testid="saved-model" data-run-created-at={entry.runCreatedAt ?? ''}>
                  <td className="lab-left">{formatDate(entry.createdAt, t.translator)}</td>
                  <td className="lab-left">{modelTitle(entry.header.config, t.translator)}</td>
                  <td className="lab-left">{modelDetail(entry.header, t.translator)}</td>
                  <td>
                    <div className="controls">
                      <button data-testid="btn-saved-model-load" aria-label={names.load} onClick={() => loadStoredModel(entry)}>
                        {t('models.saved.load')}
                      </button>
                      <button
                        data-testid="btn-saved-model-download"
                        aria-label={names.download}
                        onClick={() => downloadBlob(modelFileName(entry.header.config, entry.header.progress.step), new Blob([entry.bytes], { type: 'application/octet-stream' }))}
                      >
                        {t('models.saved.download')}
                      </button>
                      <button data-testid="btn-saved-model-delete" aria-label={names.delete} onClick={() => void savedModels.remove(entry.id)}>
                        {t('models.saved.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
