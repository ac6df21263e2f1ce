/** The lessons that ship with the app: one file each, one line here (its id is its link: #lesson=<id>). */
import { ganDigits } from './ganDigits';
import { matmulRace } from './matmulRace';
import { memoryBatch } from './memoryBatch';
import { softmaxTemperature } from './softmaxTemperature';
import { trainCnn } from './trainCnn';
import type { Lesson } from './types';
import { webgpuEngines } from './webgpuEngines';

export const LESSONS = {
  'matmul-race': matmulRace,
  'train-cnn': trainCnn,
  'memory-batch': memoryBatch,
  'gan-digits': ganDigits,
  'softmax-temperature': softmaxTemperature,
  'webgpu-engines': webgpuEngines,
} as const satisfies Record<string, Lesson>;

export type LessonId = keyof typeof LESSONS;
export const LESSON_IDS = Object.keys(LESSONS) as LessonId[];

export function isLessonId(value: unknown): value is LessonId {
  return typeof value === 'string' && Object.hasOwn(LESSONS, value);
}

export { MAX_LESSON_STEPS, MAX_LESSON_TITLE_CHARS, MAX_STEP_TEXT_CHARS, type Lesson, type LessonStep } from './types';
