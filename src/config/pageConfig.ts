/**
 * Settings of the page itself, carried in the link whichever view is open: presentation mode, the
 * shipped lesson (and its step) on screen, and the language. Read like every other table (src/config/schema.ts).
 */
import { LESSON_IDS, MAX_LESSON_STEPS, type LessonId } from './lessons';
import { LANGUAGE_CHOICES, LOCALES, type LanguageChoice } from './locales';
import { defaultsOf, table, type ValuesOf } from './schema';

export const PRESENT_OPTIONS = ['off', 'on'] as const;
export type PresentMode = (typeof PRESENT_OPTIONS)[number];

/** No shipped lesson open (a lesson from a link, `ld=`, may still be). */
export const NO_LESSON = 'none';
export const LESSON_OPTIONS = [NO_LESSON, ...LESSON_IDS] as const;
export type LessonChoice = LessonId | typeof NO_LESSON;

export const PAGE_SCHEMA = {
  present: {
    kind: 'enum',
    label: 'Presentation mode',
    help: 'Large type and thick chart lines for a projector, only the controls a lesson needs, and keyboard shortcuts (press ? for the list).',
    default: 'off' as PresentMode,
    options: PRESENT_OPTIONS,
  },
  lesson: {
    kind: 'enum',
    label: 'Lesson',
    help: 'A shipped lesson opened on this page.',
    default: NO_LESSON as LessonChoice,
    options: LESSON_OPTIONS,
  },
  step: {
    kind: 'int',
    label: 'Lesson step',
    help: 'The step of the open lesson, counted from 1.',
    default: 1,
    min: 1,
    max: MAX_LESSON_STEPS,
  },
  lang: {
    kind: 'enum',
    label: 'Language',
    help: "The page's language; automatic follows the browser.",
    default: 'auto' as LanguageChoice,
    options: LANGUAGE_CHOICES,
    optionLabels: { auto: 'Automatic', ...Object.fromEntries(Object.entries(LOCALES).map(([id, l]) => [id, l.label])) },
  },
} as const;

export const PAGE_TABLE = table('page', PAGE_SCHEMA);
export type PageFields = ValuesOf<typeof PAGE_SCHEMA>;

export function defaultPageFields(): PageFields {
  return defaultsOf(PAGE_SCHEMA);
}
