/**
 * The GAN studio's Digit options on an own data set: All, then the set's classes by their names (the
 * setting holds class ids 0 to 9, so a set's first ten classes at most), instead of the digits 0 to 9.
 * A value naming a class the set lacks (from a link) stays shown, not pickable, with the sentence the
 * worker refuses such a run with.
 */
import type { OwnDatasetSummary } from '../../config/datasets';
import { GAN_DIGIT_OPTIONS } from '../../config/ganConfig';
import { msg, type Message } from '../../i18n/message';

export interface GanDigitChoice {
  /** The options shown, table values. */
  readonly only: readonly string[];
  /** Each class id's label: the set's class name, shown as data. */
  readonly labels: Readonly<Record<string, string>>;
  /** Why the chosen value cannot be trained; null when it can. */
  readonly refused: Message | null;
}

/** Null for a shipped set (or an own set not kept here): the table's digits as they are. */
export function ganDigitChoice(value: string | undefined, chosen: OwnDatasetSummary | null): GanDigitChoice | null {
  if (!chosen) return null;
  const classes = chosen.classNames.length;
  const ids = GAN_DIGIT_OPTIONS.filter((o) => o !== 'all' && Number(o) < classes);
  const labels = Object.fromEntries(ids.map((id) => [id, chosen.classNames[Number(id)]]));
  const lacking = value !== undefined && value !== 'all' && (GAN_DIGIT_OPTIONS as readonly string[]).includes(value) && Number(value) >= classes;
  return {
    only: ['all', ...ids, ...(lacking ? [value] : [])],
    labels,
    refused: lacking ? msg('engine.train.ganNoSuchClass', { digit: value, classes, last: classes - 1 }) : null,
  };
}
