import { damagedModelDeleteName, savedModelActionNames } from '../../share/accessibleNames';
import type { DamagedModelEntry, SavedModelEntry } from '../../share/modelStore';
import { formatDate } from '../../share/resultSummary';
import { modelFileName, savedFileDetail, savedFileTitle } from '../../share/savedModels';
import { savedModels } from '../../share/savedModelsModel';
import { downloadBlob } from '../share/download';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { loadStoredModel } from './loadStoredModel';

/** One saved model, a CNN model or a GAN run: load it where it belongs, download it, delete it. `number` counts from the oldest. */
export function SavedModelRow({ entry, number }: { entry: SavedModelEntry; number: number }) {
  const t = useT();
  const { header } = entry;
  const title = savedFileTitle(header, t.translator);
  const names = savedModelActionNames(title, header.progress.step, entry.createdAt, number, t.translator);
  return (
    <tr data-testid="saved-model" data-workload={header.config.workload} data-run-created-at={entry.runCreatedAt ?? ''}>
      <td className="lab-left">{formatDate(entry.createdAt, t.translator)}</td>
      <td className="lab-left" data-testid="saved-model-title">
        {title}
      </td>
      <td className="lab-left" data-testid="saved-model-detail">
        {savedFileDetail(header, t.translator)}
      </td>
      <td>
        <div className="controls">
          <button data-testid="btn-saved-model-load" aria-label={names.load} onClick={() => loadStoredModel(entry)}>
            {t('models.saved.load')}
          </button>
          <button
            data-testid="btn-saved-model-download"
            aria-label={names.download}
            onClick={() => downloadBlob(modelFileName(header.config, header.progress.step), new Blob([entry.bytes], { type: 'application/octet-stream' }))}
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
}

/** A stored entry the validator refuses: its sentence, and Delete only. */
export function DamagedModelRow({ entry, number }: { entry: DamagedModelEntry; number: number }) {
  const t = useT();
  return (
    <tr data-testid="saved-model-damaged">
      <td className="lab-left">{entry.createdAt ? formatDate(entry.createdAt, t.translator) : '–'}</td>
      <td className="lab-left">{t('models.saved.damaged')}</td>
      <td className="lab-left" data-testid="saved-model-damaged-why">
        <Say message={entry.error} />
      </td>
      <td>
        <div className="controls">
          <button data-testid="btn-saved-model-delete" aria-label={damagedModelDeleteName(entry.createdAt, number, t.translator)} onClick={() => void savedModels.remove(entry.id)}>
            {t('models.saved.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}
