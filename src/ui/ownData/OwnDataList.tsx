import { useSyncExternalStore } from 'react';
import type { OwnDatasetSummary } from '../../config/datasets';
import { msg } from '../../i18n/message';
import { formatBytes } from '../../share/format';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { downloadBlob } from '../share/download';
import { ownDataList } from './ownDataList';
import { ownDataSession } from './ownDataSession';

/** Class names listed in a row at most. */
const NAMES_SHOWN = 6;

function fileNameOf(name: string): string {
  return `${name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_')}.gpds`;
}

async function download(summary: OwnDatasetSummary): Promise<void> {
  const got = await ownDataSession.download(summary.id);
  if (got) downloadBlob(fileNameOf(got.name), new Blob([got.bytes], { type: 'application/octet-stream' }));
}

/** The own data sets kept in this browser: Use, Download (.gpds), Delete; damaged records with why, and Delete. */
export function OwnDataList({ chosen, disabled }: { chosen: string; disabled: boolean }) {
  const t = useT();
  const { datasets } = useSyncExternalStore(ownDataList.subscribe, ownDataList.getSnapshot);
  const { damaged } = useSyncExternalStore(ownDataSession.subscribe, ownDataSession.getSnapshot);
  return (
    <>
      <h2 className="own-data-heading">{t('ownData.storedTitle')}</h2>
      {datasets.length === 0 && damaged.length === 0 && <p data-testid="own-data-none">{t('ownData.none')}</p>}
      <ul className="own-data-list" data-testid="own-data-list">
        {datasets.map((d) => {
          const names = d.classNames.slice(0, NAMES_SHOWN).join(', ') + (d.classNames.length > NAMES_SHOWN ? ', …' : '');
          return (
            <li key={d.id} data-testid="own-data-item" data-id={d.id}>
              <strong translate="no">{d.name}</strong>{' '}
              <span className="note">
                {/* The class names are the set's own words, marked as data. */}
                <Say message={msg('ownData.detail', { classes: d.classNames.length, names, train: d.trainCount, test: d.testCount, size: formatBytes(d.fileBytes) })} />
              </span>
              <span className="controls">
                <button data-testid="own-data-use" disabled={disabled || chosen === d.id} aria-label={t('ownData.useName', { name: d.name })} onClick={() => ownDataSession.use(d.id)}>
                  {t('ownData.use')}
                </button>
                <button data-testid="own-data-download" aria-label={t('ownData.downloadName', { name: d.name })} onClick={() => void download(d)}>
                  {t('ownData.download')}
                </button>
                <button data-testid="own-data-delete" disabled={disabled && chosen === d.id} aria-label={t('ownData.deleteName', { name: d.name })} onClick={() => void ownDataSession.remove(d.id, d.name)}>
                  {t('ownData.delete')}
                </button>
              </span>
            </li>
          );
        })}
        {damaged.map((d) => (
          <li key={d.id} data-testid="own-data-damaged">
            <Say message={d.error} />{' '}
            <button aria-label={t('ownData.deleteName', { name: d.id })} onClick={() => void ownDataSession.remove(d.id, d.id)}>
              {t('ownData.delete')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
