/**
 * What a view shows at first, and what it folds into named groups that open with one click: the
 * settings of a group (each table field names its own, `group`), and the figures under "More
 * figures". A group opens by itself when a link, a lesson or a preset sets one of its values to
 * something other than its default, so nothing a link carries is ever hidden.
 */
import type { PanelId } from './panels';
import { readField, type SettingsTable } from './schema';
import { SETTING_GROUPS, type SettingGroup } from './settingGroups';

/** Raw values as a form, a link or a lesson holds them (a missing key is its default). */
export type RawFormValues = Readonly<Record<string, string | undefined>>;

export interface FormLayout {
  /** The keys shown at first, in the form's order. */
  first: string[];
  /** Each group that holds some of the keys, in SETTING_GROUPS order, with its keys in the form's order. */
  groups: { group: SettingGroup; keys: string[] }[];
}

/** Where each of a form's keys is shown: first, or in its table field's group. */
export function formLayout(table: SettingsTable, keys: readonly string[]): FormLayout {
  const groupOf = (key: string) => table.fields[key]?.group;
  return {
    first: keys.filter((key) => groupOf(key) === undefined),
    groups: SETTING_GROUPS.map((group) => ({ group, keys: keys.filter((key) => groupOf(key) === group) })).filter((g) => g.keys.length > 0),
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;
}

/** Whether a raw value reads as its field's default; a refused value is not the default. */
export function isDefault(table: SettingsTable, key: string, raw: string | undefined): boolean {
  const field = table.fields[key];
  if (raw === undefined || !field) return true;
  const reading = readField(field, raw);
  return reading.ok && sameValue(reading.value, field.default);
}

/** The keys (of these) whose values are not their defaults. */
export function changedKeys(table: SettingsTable, keys: readonly string[], values: RawFormValues): string[] {
  return keys.filter((key) => !isDefault(table, key, values[key]));
}

/**
 * The groups that open when the values go from `before` to `after` (`before` null: the form's first
 * values, e.g. a link's): each group one of whose values was set to something other than its default.
 */
export function groupsOpenedBy(table: SettingsTable, keys: readonly string[], before: RawFormValues | null, after: RawFormValues): SettingGroup[] {
  const set = changedKeys(table, keys, after).filter((key) => before === null || before[key] !== after[key]);
  return formLayout(table, keys).groups.filter((g) => g.keys.some((key) => set.includes(key))).map((g) => g.group);
}

/** The training views whose figures are split into the first few and "More figures". */
export type FigureView = 'train' | 'gan';

/** The headline numbers each training view shows at first (StatsPanel ids); the rest are under "More figures". */
export const HEADLINE_STATS: Record<FigureView, readonly string[]> = {
  train: ['backend', 'step', 'loss', 'test-accuracy', 'examples-per-sec', 'step-ms'],
  gan: ['backend', 'step', 'd-loss', 'g-loss', 'examples-per-sec', 'step-ms'],
};

/** The charts each training view keeps under "More figures" (lesson panel ids). */
export const MORE_CHARTS: { [V in FigureView]: readonly PanelId<V>[] } = {
  train: ['chart-memory'],
  gan: ['chart-gan-memory'],
};

export function isHeadlineStat(view: FigureView, id: string): boolean {
  return HEADLINE_STATS[view].includes(id);
}

/** Whether "More figures" opens by itself: a lesson step names one of its charts (`shown` null: no lesson, all panels). */
export function moreFiguresOpened(view: FigureView, shown: ReadonlySet<string> | null): boolean {
  return shown !== null && MORE_CHARTS[view].some((panel) => shown.has(panel));
}
