/**
 * Names a screen reader hears for list rows and their buttons. Every row of a list has the same
 * buttons ("View", "Delete"); these names say which row each one acts on, so a button read out of
 * context (a list of buttons, a jump by role) still names its run.
 */
import type { SharedResult } from './resultDoc';
import { workloadName } from './resultSummary';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "31 Jan 2025, 14:02" in local time; "date unknown" when the text is not a date. */
export function shortDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (!iso || !Number.isFinite(time)) return 'date unknown';
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** "run 3: Classic CNN on WebGL, 31 Jan 2025, 14:02". Runs are numbered oldest first, so a number stays with its run as new ones arrive. */
export function historyRowName(entry: { createdAt: string; result: SharedResult }, runNumber: number): string {
  return `run ${runNumber}: ${workloadName(entry.result)}, ${shortDateTime(entry.createdAt)}`;
}

export interface HistoryActionNames {
  view: string;
  delete: string;
  select: string;
  loadModel: string;
}

/** The accessible names of one history row's controls; each starts with the button's visible text, so speech input finds it. */
export function historyActionNames(rowName: string): HistoryActionNames {
  return {
    view: `View ${rowName}`,
    delete: `Delete ${rowName}`,
    select: `Select ${rowName} for comparison`,
    loadModel: `Load its model, ${rowName}`,
  };
}

export interface SavedModelActionNames {
  load: string;
  download: string;
  delete: string;
}

/** "saved model 2: Tiny CNN on MNIST digits, step 20, 31 Jan 2025, 14:02" and its buttons' names. */
export function savedModelActionNames(title: string, step: number, createdAt: string, modelNumber: number): SavedModelActionNames {
  const name = `saved model ${modelNumber}: ${title}, step ${step}, ${shortDateTime(createdAt)}`;
  return { load: `Load ${name}`, download: `Download ${name}`, delete: `Delete ${name}` };
}
