/**
 * The English messages that the config tables already hold (settings labels, help, units and
 * options; views; models; backends; data sets; panels; presets; lessons), under generated ids, so a
 * table stays the one place its English is written. A translation catalog gives the same ids.
 */
import { BACKENDS } from '../config/backends';
import { CNN_PRESETS } from '../config/cnnPresets';
import { describeJob, JOBS } from '../config/jobs';
import { DATASETS } from '../config/datasets';
import { LESSONS } from '../config/lessons';
import { CNN_MODELS_INFO, GAN_MODELS_INFO } from '../config/models';
import { PAGE_TABLE } from '../config/pageConfig';
import { PANELS } from '../config/panels';
import { optionLabel, type Field, type SettingsTable } from '../config/schema';
import { FORMS, VIEWS } from '../config/views';

/** Every table the pages show, by the name its settings' ids use when a key means different things in two tables. */
const TABLES: Readonly<Record<string, SettingsTable>> = { ...FORMS, page: PAGE_TABLE };

function fieldTexts(field: Field): Record<string, string> {
  const out: Record<string, string> = { label: field.label, help: field.help };
  if ((field.kind === 'int' || field.kind === 'float') && field.unit) out.unit = field.unit;
  if (field.kind === 'enum' || field.kind === 'list') {
    // Every option the forms show, labelled or not ("on", "off", "all" are words too).
    for (const option of field.options) out[`option.${option}`] = optionLabel(field, option);
  }
  return out;
}

function sameTexts(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * The id prefix of a setting: `setting.<key>` when every table with that key says the same, else
 * `setting.<table>.<key>` (the backend picker means the same everywhere; `model` does not).
 */
const settingIds = new Map<string, string>();

export function settingId(tableId: string, key: string): string {
  const cached = settingIds.get(`${tableId}\u0000${key}`);
  if (cached !== undefined) return cached;
  const id = computeSettingId(tableId, key);
  settingIds.set(`${tableId}\u0000${key}`, id);
  return id;
}

function computeSettingId(tableId: string, key: string): string {
  const texts = fieldTexts(TABLES[tableId].fields[key]);
  const shared = Object.values(TABLES).every((t) => !Object.hasOwn(t.fields, key) || sameTexts(fieldTexts(t.fields[key]), texts));
  return shared ? `setting.${key}` : `setting.${tableId}.${key}`;
}

/** The id of a table's settings' messages: its own name, which must be one of the forms' or the page's. */
export function tableIdOf(table: SettingsTable): string {
  if (!Object.hasOwn(TABLES, table.name)) throw new Error(`A settings table that is not one of the forms or the page: ${table.name}.`);
  return table.name;
}

function build(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [tableId, table] of Object.entries(TABLES)) {
    for (const [key, field] of Object.entries(table.fields)) {
      const prefix = settingId(tableId, key);
      for (const [part, text] of Object.entries(fieldTexts(field))) out[`${prefix}.${part}`] = text;
    }
  }
  for (const [id, view] of Object.entries(VIEWS)) out[`view.${id}`] = view.label;
  for (const [workload, info] of [['cnn', CNN_MODELS_INFO], ['gan', GAN_MODELS_INFO]] as const) {
    for (const [id, facts] of Object.entries(info)) {
      out[`model.${workload}.${id}.label`] = facts.label;
      out[`model.${workload}.${id}.description`] = facts.description;
    }
  }
  for (const [id, facts] of Object.entries(BACKENDS)) {
    out[`backend.${id}`] = facts.label;
    out[`backend.${id}.float16`] = facts.float16.note;
    if (facts.deviceName) out[`backend.${id}.device`] = facts.deviceName;
  }
  for (const [kind, facts] of Object.entries(JOBS)) if (kind !== 'train') out[`job.${kind}`] = facts.name;
  for (const workload of ['cnn', 'gan'] as const) out[`job.train.${workload}`] = describeJob('train', workload).name;
  for (const [id, facts] of Object.entries(DATASETS)) out[`dataset.${id}`] = facts.label;
  for (const [view, panels] of Object.entries(PANELS)) for (const [id, label] of Object.entries(panels)) out[`panel.${view}.${id}`] = label;
  for (const preset of CNN_PRESETS) {
    out[`preset.${preset.id}.label`] = preset.label;
    out[`preset.${preset.id}.description`] = preset.description;
  }
  for (const [id, lesson] of Object.entries(LESSONS)) {
    out[`lesson.${id}.title`] = lesson.title;
    lesson.steps.forEach((step, i) => (out[`lesson.${id}.step${i + 1}`] = step.text));
  }
  return out;
}

/** English for every table id, built once. */
export const TABLE_MESSAGES_EN: Readonly<Record<string, string>> = build();
