/**
 * A lesson read from untrusted input (a link, a pasted document): every limit checked, fresh
 * objects built, each step's settings read through its view's own settings table (so a lesson can
 * never carry a value the form or the worker would refuse) and its panels against the view's
 * panels. Strings stay data: the UI renders them as text.
 */
import { MAX_LESSON_STEPS, MAX_LESSON_TITLE_CHARS, MAX_STEP_TEXT_CHARS, type Lesson, type LessonStep } from '../config/lessons';
import { isPanelOf, panelIds } from '../config/panels';
import { formatValue, readSettings } from '../config/schema';
import { formTable, isViewId, VIEWS } from '../config/views';
import { ErrorList, quoted } from './messages';
import { migrateEntries, readVersion, SCHEMA_VERSION } from './migrations';
import { checkShape, isPlainObject, objectEntries, reportUnknownKeys } from './untrusted';

/** Nesting of a lesson document, levels (it needs 4: document, steps, step, settings or panels). */
export const MAX_LESSON_JSON_DEPTH = 5;
/** Values in a whole lesson document (twelve steps of a full lab form hold about 400). */
export const MAX_LESSON_JSON_NODES = 2_000;

export const LESSON_KEYS = ['version', 'title', 'steps'] as const;
export const STEP_KEYS = ['view', 'settings', 'panels', 'text'] as const;

/** What a lesson link carries: the lesson, with the settings format version its keys are written in. */
export interface LessonDocument extends Lesson {
  version: number;
}

export interface LessonReading {
  lesson: Lesson | null;
  errors: string[];
}

export function lessonDocument(lesson: Lesson): LessonDocument {
  return {
    version: SCHEMA_VERSION,
    title: lesson.title,
    steps: lesson.steps.map((s) => ({ view: s.view, settings: { ...s.settings }, panels: [...s.panels], text: s.text })),
  };
}

/** Control characters (and line separators) become spaces: a lesson's words are one plain paragraph. */
function plainText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

function readText(raw: unknown, maxChars: number, what: string, errors: ErrorList): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') {
    errors.add(`${what} must be text (got ${quoted(raw)})`);
    return null;
  }
  const text = plainText(raw).trim();
  if (text.length <= maxChars) return text;
  errors.add(`${what} is longer than ${maxChars} characters; it was cut`);
  return text.slice(0, maxChars);
}

/** The step's settings that its view's table accepts, as raw strings; refused or unknown ones are left out. */
function readStepSettings(view: LessonStep['view'], raw: unknown, version: number, what: string, errors: ErrorList): Record<string, string> {
  const form = VIEWS[view].form;
  if (raw === undefined) return {};
  const entries = objectEntries(raw, `The settings of ${what}`, errors);
  if (entries === null) return {};
  if (!form) {
    if (entries.size > 0) errors.add(`${what} opens ${VIEWS[view].label}, which has no settings; its settings were ignored`);
    return {};
  }
  const table = formTable(form);
  const given: Record<string, unknown> = {};
  for (const [key, value] of migrateEntries([...entries], version)) {
    if (!Object.hasOwn(table.fields, key)) errors.add(`Unknown setting ${quoted(key)} in ${what} ignored`);
    else if (Object.hasOwn(given, key)) errors.add(`Setting ${quoted(key)} appears more than once in ${what}; the first value was used`);
    else given[key] = value;
  }
  const reading = readSettings(table, given);
  const refused = new Set(reading.errors.map((e) => e.key));
  for (const e of reading.errors) errors.add(`${what}: ${e.message}`);
  const out: Record<string, string> = {};
  for (const key of Object.keys(given)) if (!refused.has(key)) out[key] = formatValue(reading.values[key]);
  // A cross-field rule the kept values still break (with a refused partner at its default) drops the whole pair.
  const kept = readSettings(table, out).values;
  for (const rule of table.rules) {
    const message = rule.check(kept);
    if (message === null) continue;
    if (!refused.has(rule.keys[0])) errors.add(`${what}: ${message}`);
    for (const key of rule.keys) delete out[key];
  }
  return out;
}

/** The step's panels that its view has, each once; an empty list shows every panel. */
function readPanels(view: LessonStep['view'], raw: unknown, what: string, errors: ErrorList): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.add(`The panels of ${what} are not a list; every panel is shown`);
    return [];
  }
  const limit = panelIds(view).length;
  const panels: string[] = [];
  for (const item of raw.slice(0, limit * 2)) {
    if (!isPanelOf(view, item)) errors.add(`${VIEWS[view].label} has no panel ${quoted(item)}; it was ignored`);
    else if (!panels.includes(item as string)) panels.push(item as string);
  }
  if (raw.length > limit * 2) errors.add(`${what} lists ${raw.length} panels; only the first ${limit * 2} were read`);
  return panels;
}

function readStep(raw: unknown, version: number, index: number, errors: ErrorList): LessonStep | null {
  const what = `step ${index + 1}`;
  const entries = objectEntries(raw, `Step ${index + 1}`, errors);
  if (entries === null) return null;
  reportUnknownKeys(entries, STEP_KEYS, what, errors);
  const view = entries.get('view');
  if (!isViewId(view)) {
    errors.add(`Step ${index + 1} was dropped: it opens no known view (got ${quoted(view)})`);
    return null;
  }
  const text = readText(entries.get('text'), MAX_STEP_TEXT_CHARS, `The text of ${what}`, errors);
  if (text === null) {
    errors.add(`Step ${index + 1} was dropped: it says nothing`);
    return null;
  }
  return { view, settings: readStepSettings(view, entries.get('settings'), version, what, errors), panels: readPanels(view, entries.get('panels'), what, errors), text };
}

function failure(message: string): LessonReading {
  return { lesson: null, errors: [message] };
}

/** Reads an untrusted value as a lesson: fresh objects, every limit checked, problems listed. */
export function validateLesson(untrusted: unknown): LessonReading {
  const shape = checkShape(untrusted, MAX_LESSON_JSON_DEPTH, MAX_LESSON_JSON_NODES);
  if (shape === 'too-deep') return failure(`The lesson is nested more than ${MAX_LESSON_JSON_DEPTH} levels deep and was not read`);
  if (shape === 'too-large') return failure(`The lesson holds more than ${MAX_LESSON_JSON_NODES} values and was not read`);
  if (!isPlainObject(untrusted)) return failure('The lesson is not an object and was not read');

  const errors = new ErrorList();
  const entries = objectEntries(untrusted, 'The lesson', errors) as Map<string, unknown>;
  reportUnknownKeys(entries, LESSON_KEYS, 'the lesson', errors);
  const reading = readVersion(entries.get('version'), 'The lesson');
  if (reading.error) errors.add(reading.error);
  const title = readText(entries.get('title'), MAX_LESSON_TITLE_CHARS, 'The lesson title', errors) ?? 'Untitled lesson';

  const rawSteps = entries.get('steps');
  if (!Array.isArray(rawSteps)) {
    errors.add('The lesson has no list of steps and was not read');
    return { lesson: null, errors: errors.toArray() };
  }
  if (rawSteps.length > MAX_LESSON_STEPS) errors.add(`The lesson has ${rawSteps.length} steps; only the first ${MAX_LESSON_STEPS} were read`);
  const steps: LessonStep[] = [];
  rawSteps.slice(0, MAX_LESSON_STEPS).forEach((item, i) => {
    const step = readStep(item, reading.version, i, errors);
    if (step) steps.push(step);
  });
  if (steps.length === 0) {
    errors.add('The lesson has no step that could be read');
    return { lesson: null, errors: errors.toArray() };
  }
  return { lesson: { title, steps }, errors: errors.toArray() };
}
