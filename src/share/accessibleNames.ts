/**
 * Names a screen reader hears for list rows and their buttons. Every row of a list has the same
 * buttons ("View", "Delete"); these names say which row each one acts on, so a button read out of
 * context (a list of buttons, a jump by role) still names its run.
 *
 * Each function takes the page's Translator last, defaulting to English: the saved-models list
 * (src/ui/models) is converted separately and passes `t.translator` once it is; History passes it.
 */
import { Translator, type MessageId } from '../i18n/translator';
import type { SharedResult } from './resultDoc';
import { workloadName } from './resultSummary';

const ENGLISH = new Translator('en');

/** "31 Jan 2025, 14:02" in local time (in Chinese "2025年1月31日 14:02"); "date unknown" when the text is not a date. */
export function shortDateTime(iso: string, t: Translator = ENGLISH): string {
  const time = Date.parse(iso);
  if (!iso || !Number.isFinite(time)) return t.t('share.date.unknown');
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  const month = t.t(`share.date.month.${d.getMonth() + 1}` as MessageId);
  return t.t('share.date.short', { day: d.getDate(), month, year: d.getFullYear(), time: `${two(d.getHours())}:${two(d.getMinutes())}` });
}

/** "run 3: Classic CNN on WebGL, 31 Jan 2025, 14:02". Runs are numbered oldest first, so a number stays with its run as new ones arrive. */
export function historyRowName(entry: { createdAt: string; result: SharedResult }, runNumber: number, t: Translator = ENGLISH): string {
  return t.t('share.names.historyRow', { number: runNumber, workload: workloadName(entry.result, t), date: shortDateTime(entry.createdAt, t) });
}

export interface HistoryActionNames {
  view: string;
  delete: string;
  select: string;
  loadModel: string;
}

/** The accessible names of one history row's controls; each starts with the button's visible text, so speech input finds it. */
export function historyActionNames(rowName: string, t: Translator = ENGLISH): HistoryActionNames {
  return {
    view: t.t('share.names.view', { row: rowName }),
    delete: t.t('share.names.delete', { row: rowName }),
    select: t.t('share.names.select', { row: rowName }),
    loadModel: t.t('share.names.loadModel', { row: rowName }),
  };
}

export interface SavedModelActionNames {
  load: string;
  download: string;
  delete: string;
}

/** "saved model 2: Tiny CNN on MNIST digits, step 20, 31 Jan 2025, 14:02" and its buttons' names. */
export function savedModelActionNames(title: string, step: number, createdAt: string, modelNumber: number, t: Translator = ENGLISH): SavedModelActionNames {
  const row = t.t('share.names.savedModel', { number: modelNumber, title, step, date: shortDateTime(createdAt, t) });
  return { load: t.t('share.names.load', { row }), download: t.t('share.names.download', { row }), delete: t.t('share.names.delete', { row }) };
}

/** "Delete unreadable saved model 2, 31 Jan 2025, 14:02": the one button of a saved model the validator refuses. */
export function damagedModelDeleteName(createdAt: string | null, modelNumber: number, t: Translator = ENGLISH): string {
  const row = t.t('share.names.damagedModel', { number: modelNumber, date: shortDateTime(createdAt ?? '', t) });
  return t.t('share.names.delete', { row });
}
