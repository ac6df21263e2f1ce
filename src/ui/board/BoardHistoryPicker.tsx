import { useState, useSyncExternalStore } from 'react';
import { historyRowName } from '../../share/accessibleNames';
import { readKept } from '../../share/board/boardInput';
import { entryTexts, historyModel } from '../../share/historyModel';
import { msg } from '../../i18n/message';
import { Data } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { boardSession } from './boardStore';

/** Runs kept in this browser's History, to tick and put on the board (the teacher's own race, or results received earlier). */
export function BoardHistoryPicker() {
  const t = useT();
  const history = useSyncExternalStore(historyModel.subscribe, historyModel.getSnapshot);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState(false);
  const picked = history.entries.filter((e) => chosen.has(e.id));

  const add = () => {
    const count = history.entries.length;
    const kept = picked.map((entry) => ({ result: entry.result, where: msg('board.where.history', { row: historyRowName(entry, count - history.entries.indexOf(entry), t.translator) }) }));
    void boardSession.add(readKept(kept)).then(() => setChosen(new Set()));
  };

  return (
    <details
      className="board-history"
      data-testid="board-history"
      open={open}
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) void historyModel.refresh();
      }}
    >
      <summary data-testid="btn-board-history">{t('board.history.title')}</summary>
      {!history.loaded ? (
        <p className="share-note">{t('share.history.reading')}</p>
      ) : history.entries.length === 0 ? (
        <p className="share-note">{t('share.history.empty')}</p>
      ) : (
        <>
          <ul className="board-history-list">
            {history.entries.map((entry, index) => {
              const texts = entryTexts(entry, t.translator);
              const name = historyRowName(entry, history.entries.length - index, t.translator);
              return (
                <li key={entry.id}>
                  <label>
                    <input
                      type="checkbox"
                      data-testid="board-history-entry"
                      checked={chosen.has(entry.id)}
                      onChange={(e) => setChosen((s) => (e.target.checked ? new Set([...s, entry.id]) : new Set([...s].filter((id) => id !== entry.id))))}
                    />{' '}
                    {name}{' '}
                    <span className="share-note">
                      <Data>{texts.device}</Data>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <div className="controls">
            <button data-testid="btn-board-add-history" disabled={picked.length === 0} onClick={add}>
              {t('board.history.add', { count: picked.length })}
            </button>
          </div>
        </>
      )}
    </details>
  );
}
