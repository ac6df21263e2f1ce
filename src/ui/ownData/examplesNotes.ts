/** Under the Training examples and Test examples settings while an own set is chosen: how many of its images a run uses. */
import type { OwnDatasetSummary } from '../../config/datasets';
import { examplesUsed } from '../../config/examplesUsed';
import { msg, type Message } from '../../i18n/message';
import type { RawValues } from '../../share/pageSettings';

/** A note by setting key; none for a shipped set, or while a count is not a number. */
export function examplesNotes(values: RawValues, chosen: OwnDatasetSummary | null): Readonly<Record<string, Message>> {
  const trainExamples = Number(values.trainExamples);
  const testExamples = Number(values.testExamples);
  if (!chosen || !Number.isFinite(trainExamples) || !Number.isFinite(testExamples)) return {};
  const used = examplesUsed({ dataset: chosen.id, trainExamples, testExamples }, chosen);
  return {
    trainExamples: msg('ownData.examplesUsed', { used: used.train, count: chosen.trainCount }),
    testExamples: msg('ownData.examplesUsed', { used: used.test, count: chosen.testCount }),
  };
}
