/**
 * What a lesson step does to the page's settings, pure: it opens its view with its settings over
 * the defaults (and under whatever the link itself carried), and says which panels show.
 */
import type { Lesson, LessonId, LessonStep } from '../config/lessons';
import { NO_LESSON } from '../config/pageConfig';
import { defaultsOf } from '../config/schema';
import { formTable, VIEWS, type ViewId } from '../config/views';
import { defaultPageSettings, rawValuesOf, settingsToHash, withPageFields, type PageSettings, type RawValues } from './pageSettings';

/** The settings a link carried for one view's form, which a lesson step yields to. */
export interface CarriedSettings {
  view: ViewId;
  values: Readonly<RawValues>;
}

/** A step number (1-based) within the lesson's steps. */
export function clampStep(lesson: Lesson, step: number): number {
  return Math.min(Math.max(1, Math.round(step)), lesson.steps.length);
}

/**
 * The page with step `step` (1-based) of the lesson open: its view, that view's form at its defaults
 * with the step's settings on top (and the link's own on top of those), and the step number.
 */
export function applyLessonStep(settings: PageSettings, lesson: Lesson, step: number, carried: CarriedSettings | null = null): PageSettings {
  const n = clampStep(lesson, step);
  const { view, settings: stepValues } = lesson.steps[n - 1];
  const form = VIEWS[view].form;
  const next: PageSettings = { ...withPageFields(settings, { step: n }), view };
  if (form) {
    const linked = carried?.view === view ? carried.values : {};
    next[form] = { ...rawValuesOf(form, defaultsOf(formTable(form).fields)), ...stepValues, ...linked };
  }
  return next;
}

/** The panels a step shows on its view; null when it shows them all. */
export function visiblePanels(step: LessonStep): ReadonlySet<string> | null {
  return step.panels.length === 0 ? null : new Set(step.panels);
}

/** The open view and the settings of its form that differ from the defaults: what a new lesson step captures. */
export function captureStep(settings: PageSettings, panels: readonly string[], text: string): LessonStep {
  const form = VIEWS[settings.view].form;
  const values: Record<string, string> = {};
  if (form) {
    const defaults = rawValuesOf(form, defaultsOf(formTable(form).fields));
    for (const [key, value] of Object.entries(settings[form])) if (defaults[key] !== value) values[key] = value;
  }
  return { view: settings.view, settings: values, panels: [...panels], text };
}

/** The hash that opens a lesson at its first step: a shipped one by id, a written one by its `ld` payload. */
export function lessonStartHash(lesson: Lesson, source: { id: LessonId } | { payload: string }, present: boolean): string {
  const base = withPageFields(defaultPageSettings(), { present: present ? 'on' : 'off', lesson: 'id' in source ? source.id : NO_LESSON, step: 1 });
  return settingsToHash(applyLessonStep(base, lesson, 1), null, 'payload' in source ? source.payload : null);
}
