import { useState, useSyncExternalStore, type DragEvent } from 'react';
import { IMPORT_FORMAT_IDS, type ImportFormatId } from '../../config/datasets';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { droppedItems, nameFrom, pickedFolder } from './dropped';
import { OwnDataList } from './OwnDataList';
import { OwnDrawPanel } from './OwnDrawPanel';
import { ownDataSession } from './ownDataSession';
import { progressLabel, progressText } from './importProgress';

/** A data set's name is at most this many characters (src/data/own/limits.ts). */
const MAX_NAME_CHARS = 80;

/**
 * "Your data", folded under the Train view's settings: pick or drop a folder of pictures (one
 * sub-folder per class), a zip, a CSV or a data set file; the data set worker decodes and keeps it,
 * with a progress bar and Stop, and it becomes the Train view's data set. Then the kept sets, each
 * with Use, Download and Delete. Its controls exist only while it is open.
 */
export function OwnDataPanel({ chosen, busyTraining }: { chosen: string; busyTraining: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details className="setting-group own-data" data-testid="own-data" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('ownData.title')}</summary>
      {open && <OwnDataImport chosen={chosen} busyTraining={busyTraining} />}
    </details>
  );
}

function OwnDataImport({ chosen, busyTraining }: { chosen: string; busyTraining: boolean }) {
  const t = useT();
  const { importing, outcome } = useSyncExternalStore(ownDataSession.subscribe, ownDataSession.getSnapshot);
  const [name, setName] = useState('');
  const [format, setFormat] = useState<ImportFormatId>('gray28');
  const [dragging, setDragging] = useState(false);
  const nameFor = (path: string) => (name.trim() || nameFrom(path) || t('ownData.defaultName')).slice(0, MAX_NAME_CHARS).trim();
  const busy = importing !== null || busyTraining;

  const onDrop = async (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = await droppedItems(e.dataTransfer);
    if (dropped?.kind === 'folder' && dropped.files.length) ownDataSession.importFolder(nameFor(dropped.files[0].path), dropped.files, format);
    if (dropped?.kind === 'file') ownDataSession.importFile(nameFor(dropped.file.name), { path: dropped.file.name, file: dropped.file }, format);
  };

  return (
    <div className="own-data-body">
      <p className="note">{t('ownData.intro')}</p>
      <div className="settings">
        <label className="setting">
          <span>{t('ownData.name')}</span>
          <input data-testid="own-data-name" type="text" maxLength={MAX_NAME_CHARS} value={name} placeholder={t('ownData.defaultName')} disabled={busy} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="setting">
          <span>{t('ownData.format')}</span>
          <select data-testid="own-data-format" value={format} disabled={busy} aria-describedby="own-data-format-help" onChange={(e) => setFormat(e.target.value === 'colour32' ? 'colour32' : 'gray28')}>
            {IMPORT_FORMAT_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`ownData.format.${id}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="setting">
          <span>{t('ownData.pickFolder')}</span>
          <input
            data-testid="own-data-folder"
            type="file"
            multiple
            disabled={busy}
            {...{ webkitdirectory: '' }}
            onChange={(e) => {
              const files = e.currentTarget.files ? pickedFolder(e.currentTarget.files) : [];
              e.currentTarget.value = '';
              if (files.length) ownDataSession.importFolder(nameFor(files[0].path), files, format);
            }}
          />
        </label>
        <label className="setting">
          <span>{t('ownData.pickFile')}</span>
          <input
            data-testid="own-data-file"
            type="file"
            accept=".zip,.csv,.gpds,application/zip,text/csv"
            disabled={busy}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) ownDataSession.importFile(nameFor(file.name), { path: file.name, file }, format);
            }}
          />
        </label>
      </div>
      <p className="note" id="own-data-format-help">
        {t('ownData.format.help')}
      </p>
      <div
        className={dragging ? 'own-data-drop dragging' : 'own-data-drop'}
        data-testid="own-data-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => void onDrop(e)}
      >
        {t('ownData.drop')}
      </div>
      <OwnDrawPanel name={name} busy={busy} />
      {importing && (
        <div className="progress" data-testid="own-data-importing">
          <progress data-testid="own-data-progress" aria-label={t.say(progressLabel(importing))} value={importing.total ? importing.done / importing.total : undefined} max={1} />
          <span>{t.say(progressText(importing))}</span>
          <button data-testid="own-data-stop" onClick={ownDataSession.stop}>
            {t('ownData.stop')}
          </button>
        </div>
      )}
      <div role="status" aria-live="polite" data-testid="own-data-outcome" className={outcome?.failed ? 'field-error' : undefined}>
        {outcome && <Say message={outcome.message} />}
        {outcome?.note && (
          <>
            {' '}
            <Say message={outcome.note} />
          </>
        )}
      </div>
      <OwnDataList chosen={chosen} disabled={busy} />
    </div>
  );
}
