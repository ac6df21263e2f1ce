/** The "Look inside" view's sentences and names, in the page's language. */
import { CLASS_NAMES, isShippedDataset, type DatasetId } from '../../config/datasets';
import type { ConfusionResult, InspectResults } from '../../engine/protocol/inspect';
import { accuracyOf } from '../../metrics/confusion';
import { formatPercent } from '../../share/format';
import type { MessageId, Translator } from '../../i18n/translator';
import { ownDataList } from '../ownData/ownDataList';

/** Fashion-MNIST's classes in label order (CLASS_NAMES holds their English). */
const FASHION_CLASS_IDS = [
  'inspect.class.fashion.tshirt',
  'inspect.class.fashion.trouser',
  'inspect.class.fashion.pullover',
  'inspect.class.fashion.dress',
  'inspect.class.fashion.coat',
  'inspect.class.fashion.sandal',
  'inspect.class.fashion.shirt',
  'inspect.class.fashion.sneaker',
  'inspect.class.fashion.bag',
  'inspect.class.fashion.ankleBoot',
] as const satisfies readonly MessageId[];

/**
 * A data set's class names by label: digits stay digits, Fashion-MNIST's clothes are translated, an
 * own data set's are its own (as kept in this browser; class ids where it is not kept here, up to `count`).
 */
export function classNamesOf(dataset: DatasetId, translator: Translator, count?: number): readonly string[] {
  if (dataset === 'fashion-mnist') return FASHION_CLASS_IDS.map((id) => translator.t(id));
  if (isShippedDataset(dataset)) return CLASS_NAMES[dataset];
  const names = ownDataList.byId(dataset)?.classNames ?? [];
  return Array.from({ length: Math.max(names.length, count ?? 0) }, (_, i) => names[i] ?? String(i));
}

/** The confusion matrix's caption: how many test images, when, and the share on the diagonal. */
export function confusionCaption(result: ConfusionResult, translator: Translator): string {
  const accuracy = formatPercent(accuracyOf(result.counts));
  if (result.epoch === null) return translator.t('inspect.confusion.captionNow', { examples: result.examples, accuracy });
  return translator.t('inspect.confusion.captionEpoch', { examples: result.examples, epoch: result.epoch, step: result.step ?? 0, accuracy });
}

/**
 * The colour image size the inspected model was trained on, or null for a grayscale one (the drawing
 * pad shows only then): from an answer's image shape, else from its data set (or, before any answer,
 * the Train view's) as kept in this browser.
 */
export function colourSizeOf(results: InspectResults, trainDataset: string): number | null {
  const shape = results.confusion?.shape ?? results.filters?.shape;
  if (shape) return shape.channels > 1 ? shape.side : null;
  const dataset = results.summary?.source.dataset ?? results.prediction?.source.dataset ?? trainDataset;
  const format = ownDataList.byId(dataset)?.format;
  return format && format.channels > 1 ? format.size : null;
}
