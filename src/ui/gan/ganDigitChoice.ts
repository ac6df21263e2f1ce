/**
 * The GAN studio's Digit options: All, then the chosen set's classes: the digits 0 to 9 on a shipped set, an own
 * set's classes by their names. A value naming a class the set lacks (from a link) stays shown, not pickable, with
 * the sentence the worker refuses such a run with. An own set not kept in this browser offers 0 to 9 and keeps a
 * link's value as it came: its classes are unknown here, and the data set setting already says the set is missing.
 */
import { isOwnDatasetId, type OwnDatasetSummary } from '../../config/datasets';
import { GAN_DIGIT_OPTIONS } from '../../config/ganConfig';
import { NUM_CLASSES } from '../../config/tunables';
import { msg, type Message } from '../../i18n/message';

export interface GanDigitChoice {
  /** The options shown, table values. */
  readonly only: readonly string[];
  /** Each class id's label: an own set's class name, shown as data; none on a shipped set (the digit is its name). */
  readonly labels: Readonly<Record<string, string>>;
  /** Why the chosen value cannot be trained; null when it can. */
  readonly refused: Message | null;
}

/** The options for `value` on the data set `datasetId`, whose summary is `chosen` when it is an own set kept here. */
export function ganDigitChoice(value: string | undefined, datasetId: string | undefined, chosen: OwnDatasetSummary | null): GanDigitChoice {
  const unknownOwnSet = !chosen && datasetId !== undefined && isOwnDatasetId(datasetId);
  const classes = chosen ? chosen.classNames.length : NUM_CLASSES;
  const ids = GAN_DIGIT_OPTIONS.filter((o) => o !== 'all' && Number(o) < classes);
  const labels = chosen ? Object.fromEntries(ids.map((id) => [id, chosen.classNames[Number(id)]])) : {};
  const beyond = value !== undefined && value !== 'all' && GAN_DIGIT_OPTIONS.includes(value) && Number(value) >= classes;
  return {
    only: ['all', ...ids, ...(beyond ? [value] : [])],
    labels,
    refused: beyond && !unknownOwnSet ? msg('engine.train.ganNoSuchClass', { digit: value, classes, last: classes - 1 }) : null,
  };
}
