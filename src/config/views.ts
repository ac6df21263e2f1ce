/** The page's views (tabs), and the settings form each one carries in the URL. */
import { CNN_TABLE } from './cnnConfig';
import { GAN_TABLE } from './ganConfig';
import { INSPECT_TABLE } from './inspectConfig';
import { LAB_TABLE } from './labConfig';
import type { SettingsTable } from './schema';

/** Each settings form of the page, by id: the CNN and GAN forms are also their workloads' run configurations. */
export const FORMS = { cnn: CNN_TABLE, gan: GAN_TABLE, lab: LAB_TABLE, inspect: INSPECT_TABLE } as const satisfies Record<string, SettingsTable>;
export type FormId = keyof typeof FORMS;
export const FORM_IDS = Object.keys(FORMS) as FormId[];

interface ViewEntry {
  /** The tab's name. */
  label: string;
  /** The form whose settings the URL carries while this view is open; null for a view without settings. */
  form: FormId | null;
}

export const VIEWS = {
  train: { label: 'Train a CNN', form: 'cnn' },
  gan: { label: 'GAN studio', form: 'gan' },
  lab: { label: 'Benchmark lab', form: 'lab' },
  inspect: { label: 'Look inside', form: 'inspect' },
  history: { label: 'History', form: null },
  board: { label: 'Class board', form: null },
} as const satisfies Record<string, ViewEntry>;

export type ViewId = keyof typeof VIEWS;
export const VIEW_IDS = Object.keys(VIEWS) as ViewId[];
export const DEFAULT_VIEW: ViewId = 'train';

export function isViewId(value: unknown): value is ViewId {
  return typeof value === 'string' && Object.hasOwn(VIEWS, value);
}

/** The view a training workload's settings open in. */
export function viewOfWorkload(workload: 'cnn' | 'gan'): ViewId {
  return workload === 'gan' ? 'gan' : 'train';
}

/** A form's table, widened to the common table type (each form's own type is kept in FORMS). */
export function formTable(form: FormId): SettingsTable {
  return FORMS[form];
}
