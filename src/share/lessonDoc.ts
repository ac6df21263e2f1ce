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
import { msg, type Message } from '../i18n/message';
import { ErrorList, part, quoted } from './messages';
import { migrateEntries, readVersion, SCHEMA_VERSION } from './migrations';
import { checkShape, isPlainObject, objectEntries, reportUnknownKeys } from './untrusted';

/** Nesting of a lesson document, levels (it needs 4: document, steps, step, settings or panels). */
export const MAX_LESSON_JSON_DEPTH = 5;
/** Values in a whole lesson document (twelve steps of a full lab form hold about 400). */
export const MAX_LESSON_JSON_NODES = 2_000;

export const LESSON_KEYS = ['version', 'title', 'steps'] as const;
/** A lesson without a usable title gets this one; the page says it in its own language (the catalog's lessons.editor.untitled). */
export const UNTITLED_LESSON = 'Untitled lesson';
export const STEP_KEYS = ['view', 'settings', 'panels', 'text'] as const;

/** What a lesson link carries: the lesson, with the settings format version its keys are written in. */
export interface LessonDocument extends Lesson {
  version: number;
}

export interface LessonReading {
  lesson: Lesson | null;
  errors: Message[];
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

function readText(raw: unknown, maxChars: number, what: Message, errors: ErrorList): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') {
    errors.say('check.lesson.notText', { what, got: quoted(raw) });
    return null;
  }
  const text = plainText(raw).trim();
  if (text.length <= maxChars) return text;
  errors.say('check.lesson.cut', { what, max: maxChars });
  return text.slice(0, maxChars);
}

/** The step's settings that its view's table accepts, as raw strings; refused or unknown ones are left out. */
function readStepSettings(view: LessonStep['view'], raw: unknown, version: number, n: number, errors: ErrorList): Record<string, string> {
  const form = VIEWS[view].form;
  const what = part('check.part.step', { n });
  if (raw === undefined) return {};
  const entries = objectEntries(raw, part('check.part.stepSettings', { n }), errors);
  if (entries === null) return {};
  if (!form) {
    if (entries.size > 0) errors.say('check.lesson.noSettings', { what, view: msg(`view.${view}`) });
    return {};
  }
  const table = formTable(form);
  const given: Record<string, unknown> = {};
  for (const [key, value] of migrateEntries([...entries], version)) {
    if (!Object.hasOwn(table.fields, key)) errors.say('check.lesson.unknownSetting', { key: quoted(key), what });
    else if (Object.hasOwn(given, key)) errors.say('check.lesson.settingTwice', { key: quoted(key), what });
    else given[key] = value;
  }
  const reading = readSettings(table, given);
  const refused = new Set(reading.errors.map((e) => e.key));
  for (const e of reading.errors) errors.say('check.lesson.inStep', { what, problem: e.message });
  const out: Record<string, string> = {};
  for (const key of Object.keys(given)) if (!refused.has(key)) out[key] = formatValue(reading.values[key]);
  // A cross-field rule the kept values still break (with a refused partner at its default) drops the whole pair.
  const kept = readSettings(table, out).values;
  for (const rule of table.rules) {
    const message = rule.check(kept);
    if (message === null) continue;
    if (!refused.has(rule.keys[0])) errors.say('check.lesson.inStep', { what, problem: message });
    for (const key of rule.keys) delete out[key];
  }
  return out;
}

/** The step's panels that its view has, each once; an empty list shows every panel. */
function readPanels(view: LessonStep['view'], raw: unknown, n: number, errors: ErrorList): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.say('check.lesson.panelsNotList', { what: part('check.part.stepPanels', { n }) });
    return [];
  }
  const limit = panelIds(view).length;
  const panels: string[] = [];
  for (const item of raw.slice(0, limit * 2)) {
    if (!isPanelOf(view, item)) errors.say('check.lesson.noPanel', { view: msg(`view.${view}`), panel: quoted(item) });
    else if (!panels.includes(item as string)) panels.push(item as string);
  }
  if (raw.length > limit * 2) errors.say('check.lesson.tooManyPanels', { what: part('check.part.step', { n }), count: raw.length, max: limit * 2 });
  return panels;
}

function readStep(raw: unknown, version: number, index: number, errors: ErrorList): LessonStep | null {
  const n = index + 1;
  const what = part('check.part.step', { n });
  const entries = objectEntries(raw, what, errors);
  if (entries === null) return null;
  reportUnknownKeys(entries, STEP_KEYS, what, errors);
  const view = entries.get('view');
  if (!isViewId(view)) {
    errors.say('check.lesson.noView', { what, got: quoted(view) });
    return null;
  }
  const text = readText(entries.get('text'), MAX_STEP_TEXT_CHARS, part('check.part.stepText', { n }), errors);
  if (text === null) {
    errors.say('check.lesson.noText', { what });
    return null;
  }
  return { view, settings: readStepSettings(view, entries.get('settings'), version, n, errors), panels: readPanels(view, entries.get('panels'), n, errors), text };
}

function failure(message: Message): LessonReading {
  return { lesson: null, errors: [message] };
}

const LESSON = part('check.part.lesson');

/** Reads an untrusted value as a lesson: fresh objects, every limit checked, problems listed. */
export function validateLesson(untrusted: unknown): LessonReading {
  const shape = checkShape(untrusted, MAX_LESSON_JSON_DEPTH, MAX_LESSON_JSON_NODES);
  if (shape === 'too-deep') return failure(msg('check.tooDeep', { what: LESSON, max: MAX_LESSON_JSON_DEPTH }));
  if (shape === 'too-large') return failure(msg('check.tooLarge', { what: LESSON, max: String(MAX_LESSON_JSON_NODES) }));
  if (!isPlainObject(untrusted)) return failure(msg('check.notObjectNotRead', { what: LESSON }));

  const errors = new ErrorList();
  const entries = objectEntries(untrusted, LESSON, errors) as Map<string, unknown>;
  reportUnknownKeys(entries, LESSON_KEYS, LESSON, errors);
  const reading = readVersion(entries.get('version'), LESSON);
  if (reading.error) errors.add(reading.error);
  // The title is the teacher's own text (data); only a missing one gets the app's English default.
  const title = readText(entries.get('title'), MAX_LESSON_TITLE_CHARS, part('check.part.lessonTitle'), errors) ?? UNTITLED_LESSON;

  const rawSteps = entries.get('steps');
  if (!Array.isArray(rawSteps)) {
    errors.say('check.lesson.noSteps');
    return { lesson: null, errors: errors.toArray() };
  }
  if (rawSteps.length > MAX_LESSON_STEPS) errors.say('check.lesson.tooManySteps', { count: rawSteps.length, max: MAX_LESSON_STEPS });
  const steps: LessonStep[] = [];
  rawSteps.slice(0, MAX_LESSON_STEPS).forEach((item, i) => {
    const step = readStep(item, reading.version, i, errors);
    if (step) steps.push(step);
  });
  if (steps.length === 0) {
    errors.say('check.lesson.noStep');
    return { lesson: null, errors: errors.toArray() };
  }
  return { lesson: { title, steps }, errors: errors.toArray() };
}
