import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { HistoryEntry } from '../../share/historyStore';
import type { Labelled } from '../../share/comparison';
import { entryTexts, historyModel } from '../../share/historyModel';
import { ComparisonView, ResultView } from './ResultView';
import { formatDate } from '../../share/resultSummary';
import { historyActionNames, historyRowName } from '../../share/accessibleNames';
import { isReadableModel, type SavedModelEntry } from '../../share/modelStore';
import { savedModels } from '../../share/savedModelsModel';
import { loadStoredModel } from '../models/loadStoredModel';
import { SavedModelsPanel } from '../models/SavedModelsPanel';
import { useT, type T } from '../i18n/useT';
import { Say } from '../i18n/Say';

/** Test ids of the viewed or compared result start so. */
const TEST_IDS = 'history';

/** Runs compared side by side. */
const COMPARED = 2;

function labelOf(entry: HistoryEntry, letter: string, t: T): string {
  return t('share.history.sideLabel', { letter, date: formatDate(entry.createdAt, t.translator) });
}

interface EntryRowProps {
  entry: HistoryEntry;
  /** Counted from the oldest run, so a run keeps its number as newer ones arrive. */
  runNumber: number;
  model: SavedModelEntry | undefined;
  selected: boolean;
  onSelect(on: boolean): void;
  onView(): void;
  onDelete(): void;
}

function EntryRow({ entry, runNumber, model, selected, onSelect, onView, onDelete }: EntryRowProps) {
  const t = useT();
  const names = historyActionNames(historyRowName(entry, runNumber, t.translator), t.translator);
  // Described afresh from the result, so the row speaks the page's language whatever it was kept in.
  const texts = entryTexts(entry, t.translator);
  return (
    <tr data-testid="history-entry" data-entry-id={entry.id}>
      <td>
        <input type="checkbox" data-testid="history-select" aria-label={names.select} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      </td>
      <td className="lab-left" data-testid="history-date">
        {formatDate(entry.createdAt, t.translator)}
      </td>
      <td className="lab-left" data-testid="history-device">
        {texts.device}
      </td>
      <td className="lab-left" data-testid="history-workload">
        {texts.workload}
      </td>
      <td className="lab-left" data-testid="history-headline">
        {texts.headline}
      </td>
      <td>
        <div className="controls">
          <button data-testid="history-view" aria-label={names.view} onClick={onView}>
            {t('share.history.view')}
          </button>
          {model && (
            <button data-testid="history-load-model" aria-label={names.loadModel} onClick={() => loadStoredModel(model)}>
              {t('share.history.loadModel')}
            </button>
          )}
          <button data-testid="history-delete" aria-label={names.delete} onClick={onDelete}>
            {t('share.history.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Every run kept in this browser: view one, compare two, delete any; storage errors are shown. */
export function HistoryPanel() {
  const t = useT();
  const history = useSyncExternalStore(historyModel.subscribe, historyModel.getSnapshot);
  const models = useSyncExternalStore(savedModels.subscribe, savedModels.getSnapshot);
  const modelByRun = useMemo(() => new Map(models.entries.filter(isReadableModel).flatMap((m) => (m.runCreatedAt ? [[m.runCreatedAt, m] as const] : []))), [models.entries]);
  const [selected, setSelected] = useState<string[]>([]);
  const [viewed, setViewed] = useState<string | null>(null);
  const [comparing, setComparing] = useState<string[] | null>(null);

  useEffect(() => void historyModel.refresh(), []);

  const byId = useMemo(() => new Map(history.entries.map((e) => [e.id, e])), [history.entries]);
  const liveSelection = selected.filter((id) => byId.has(id));
  const viewedEntry = viewed ? (byId.get(viewed) ?? null) : null;
  const pair = useMemo(() => {
    const entries = (comparing ?? []).map((id) => byId.get(id)).filter((e): e is HistoryEntry => e !== undefined);
    if (entries.length !== COMPARED) return null;
    // The older run is A, so the ratio reads "newer ÷ older".
    const [older, newer] = [...entries].sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    return { a: { label: labelOf(older, 'A', t), result: older.result } as Labelled, b: { label: labelOf(newer, 'B', t), result: newer.result } as Labelled };
  }, [comparing, byId, t]);

  const select = (id: string, on: boolean) => setSelected((s) => (on ? [...s.filter((x) => x !== id), id].slice(-COMPARED) : s.filter((x) => x !== id)));
  const remove = (id: string) => {
    setSelected((s) => s.filter((x) => x !== id));
    void historyModel.remove(id);
  };

  return (
    <section className="panel history-panel" data-testid="history-panel">
      <h2>{t('share.history.title')}</h2>
      {history.error && (
        <div className="error" role="alert" data-testid="history-error">
          <Say message={history.error} />
        </div>
      )}
      <p className="share-note" data-testid="history-count">
        {!history.loaded ? t('share.history.reading') : history.entries.length === 0 ? t('share.history.empty') : t('share.history.count', { count: history.entries.length })}
      </p>
      {history.entries.length > 0 && (
        <table className="lab-table history-table" data-testid="history-table">
          <thead>
            <tr>
              <th>
                <span className="visually-hidden">{t('share.history.selectColumn')}</span>
              </th>
              <th className="lab-left">{t('share.history.date')}</th>
              <th className="lab-left">{t('share.history.device')}</th>
              <th className="lab-left">{t('share.history.workload')}</th>
              <th className="lab-left">{t('share.history.headline')}</th>
              <th>
                <span className="visually-hidden">{t('share.history.actionsColumn')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((entry, index) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                runNumber={history.entries.length - index}
                model={modelByRun.get(entry.createdAt)}
                selected={liveSelection.includes(entry.id)}
                onSelect={(on) => select(entry.id, on)}
                onView={() => {
                  setComparing(null);
                  setViewed(entry.id);
                }}
                onDelete={() => remove(entry.id)}
              />
            ))}
          </tbody>
        </table>
      )}
      <div className="controls">
        <button
          className="primary"
          data-testid="btn-history-compare"
          disabled={liveSelection.length !== COMPARED}
          onClick={() => {
            setViewed(null);
            setComparing(liveSelection);
          }}
        >
          {t('share.history.compare')}
        </button>
      </div>
      <SavedModelsPanel />
      {pair && <ComparisonView a={pair.a} b={pair.b} testIdPrefix={TEST_IDS} />}
      {!pair && viewedEntry && <ResultView label={formatDate(viewedEntry.createdAt, t.translator)} result={viewedEntry.result} testIdPrefix={TEST_IDS} shareable />}
    </section>
  );
}
