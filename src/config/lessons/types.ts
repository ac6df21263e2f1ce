/**
 * A lesson: a title and ordered steps; each step opens one view with some of its settings, shows
 * some of its panels, and says one or two sentences. Shipped lessons are typed against the views'
 * settings tables and panels, so the compiler refuses a setting or panel a view does not have; a
 * lesson from a link is read through the same tables (src/share/lessonDoc.ts).
 */
import type { PanelId } from '../panels';
import { formatValue, type ValuesOf } from '../schema';
import { FORMS, type ViewId, VIEWS } from '../views';

/** Steps per lesson, at most. */
export const MAX_LESSON_STEPS = 12;
/** A lesson's title, characters. */
export const MAX_LESSON_TITLE_CHARS = 80;
/** One step's explanation ("one or two sentences"), characters. */
export const MAX_STEP_TEXT_CHARS = 600;

/** One step as a link carries it: settings as raw strings keyed like the view's table. */
export interface LessonStep {
  view: ViewId;
  /** Only the settings the step sets; the others take their defaults. */
  settings: Readonly<Record<string, string>>;
  /** The panels the step shows; the view hides the rest while the lesson is open. */
  panels: readonly string[];
  text: string;
}

export interface Lesson {
  title: string;
  steps: readonly LessonStep[];
}

type FormOfView<V extends ViewId> = (typeof VIEWS)[V]['form'];
/** A view's settings as typed values, every one optional. */
export type StepSettings<V extends ViewId> = FormOfView<V> extends keyof typeof FORMS ? Partial<ValuesOf<(typeof FORMS)[FormOfView<V>]['fields']>> : Record<string, never>;

/** One step of a shipped lesson, checked by the compiler against the view's table and panels. */
export function step<V extends ViewId>(view: V, settings: StepSettings<V>, panels: readonly PanelId<V>[], text: string): LessonStep {
  const raw = Object.fromEntries(Object.entries(settings as Record<string, unknown>).map(([key, value]) => [key, formatValue(value)]));
  return { view, settings: raw, panels: [...panels], text };
}
