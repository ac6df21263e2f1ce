import { useEffect, useSyncExternalStore } from 'react';
import { isReadableModel } from '../../share/modelStore';
import { savedModels } from '../../share/savedModelsModel';
import { useT } from '../i18n/useT';
import { Say } from '../i18n/Say';
import { DamagedModelRow, SavedModelRow } from './SavedModelRows';

/** The History tab's saved models (CNN models and GAN runs): load one where it belongs, download it, delete it; a damaged one says why. */
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
              const number = models.entries.length - index;
              return isReadableModel(entry) ? <SavedModelRow key={entry.id} entry={entry} number={number} /> : <DamagedModelRow key={entry.id} entry={entry} number={number} />;
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
