/** What the progress line says while the data set worker works: decoding an import's pictures, or making a set from drawings or camera frames. */
import { msg, type Message } from '../../i18n/message';

export interface ImportProgress {
  readonly done: number;
  readonly total: number;
  /** A set made from drawings or camera frames (no pictures to decode, no count). */
  readonly making: boolean;
}

/** The progress bar's name. */
export function progressLabel(progress: ImportProgress): Message {
  return msg(progress.making ? 'ownData.makingLabel' : 'ownData.progressLabel');
}

/** The line beside the bar: how many pictures are decoded once the worker knows, else what it is doing. */
export function progressText(progress: ImportProgress): Message {
  if (progress.making || progress.total <= 0) return progressLabel(progress);
  return msg('ownData.progress', { done: progress.done, total: progress.total });
}
