/**
 * Looking inside a trained classifier: a prediction for a drawn digit, the confusion matrix on the
 * test split, the first layer's filters and the feature maps of one test image, and the model
 * summary. A running CNN training job answers these as controls; a finished one (kept by the
 * worker) or the saved judge answers them as an `inspect` job through the queue. Plain data:
 * images travel as Uint8Array buffers the worker hands over.
 */
import type { ImageShape } from '../../config/imageShape';
import type { BackendName } from '../../config/backends';
import type { DatasetId } from '../../config/datasets';
import type { Message } from '../../i18n/message';
import type { ConfusedPair } from '../../metrics/confusion';
import type { SummaryRow, SummaryTotals } from '../../metrics/modelSummary';
import type { KernelTiming } from './lab';
import type { RawPicture } from './ownData';

export type InspectQuery =
  /**
   * pixels: 784 values in [0, 1], a 28×28 image made like MNIST's (src/metrics/digitImage.ts), what a
   * model of a shipped set is given; drawing: the pad's ink as a drawn data set receives it, which
   * the worker prepares like that set's drawings for a model of an own set (src/engine/inspect/drawnInput.ts).
   */
  | { what: 'predict'; request: number; pixels: Float32Array; drawing?: RawPicture }
  | { what: 'confusion' }
  | { what: 'filters'; testImage: number }
  | { what: 'summary' };

export type InspectWhat = InspectQuery['what'];

/** The model that answered. */
export interface ModelSource {
  kind: 'running' | 'finished' | 'judge';
  /** One line, e.g. "Tiny CNN trained here: 93.1% test accuracy, WebGL". */
  description: Message;
  dataset: DatasetId;
  backend: BackendName;
}

export interface Prediction {
  /** The page's number for the drawing it asked about, so an older answer never replaces a newer one. */
  request: number;
  /** The model's softmax output, one probability per class. */
  probabilities: number[];
  source: ModelSource;
  /** The 28×28 image the model was given (0..255, row-major): the page shows it as what the model sees. */
  input: Uint8Array;
}

/** A confused pair with a few of its test images (each side × side × channels of the result's shape, 0..255, row-major, one after another). */
export interface ConfusedExamples extends ConfusedPair {
  indices: number[];
  images: Uint8Array;
}

export interface ConfusionResult {
  source: ModelSource;
  /** The epoch whose end it was taken at; null when asked for on demand. */
  epoch: number | null;
  step: number | null;
  /** counts[actual][predicted]. */
  counts: number[][];
  examples: number;
  /** The test images' shape (28 × 28 × 1 for the shipped sets). */
  shape: ImageShape;
  worst: ConfusedExamples[];
}

/** One layer's outputs for one image: `channels` maps of height × width, each scaled to 0..255 on its own range. */
export interface FeatureMaps {
  layer: string;
  height: number;
  width: number;
  channels: number;
  pixels: Uint8Array;
}

/** The first convolution layer's kernels (input channel 0), 128 = 0, ±127 = ±maxAbs. */
export interface FirstLayerFilters {
  layer: string;
  count: number;
  height: number;
  width: number;
  maxAbs: number;
  pixels: Uint8Array;
}

export interface FilterResult {
  source: ModelSource;
  testImage: number;
  label: number;
  /** The test image itself, side × side × channels, 0..255. */
  image: Uint8Array;
  shape: ImageShape;
  /** Null for a model without convolution layers. */
  filters: FirstLayerFilters | null;
  /** One entry per convolution layer, in order. */
  maps: FeatureMaps[];
}

export interface SummaryResult {
  source: ModelSource;
  modelName: Message;
  /** The batch each layer's forward and backward pass was profiled at. */
  batchSize: number;
  rows: SummaryRow[];
  totals: SummaryTotals;
  timing: KernelTiming;
}

export type InspectEvent =
  | { type: 'prediction'; prediction: Prediction }
  | { type: 'confusion'; result: ConfusionResult }
  | { type: 'filters'; result: FilterResult }
  | { type: 'summary'; result: SummaryResult }
  /** A running model could not answer (the run goes on); a job that cannot answer ends with an error instead. */
  | { type: 'inspectFailed'; what: InspectWhat; message: Message };

/** The latest answer of each kind, and why the latest question of a kind got none. */
export interface InspectResults {
  prediction: Prediction | null;
  confusion: ConfusionResult | null;
  filters: FilterResult | null;
  summary: SummaryResult | null;
  failed: Partial<Record<InspectWhat, Message>>;
}

export const NO_INSPECT_RESULTS: InspectResults = { prediction: null, confusion: null, filters: null, summary: null, failed: {} };

function answered(results: InspectResults, what: InspectWhat): Partial<Record<InspectWhat, Message>> {
  const { [what]: _answered, ...rest } = results.failed;
  return rest;
}

/** Pure: the results after one more answer; an older prediction never replaces a newer one. */
export function applyInspectEvent(results: InspectResults, event: InspectEvent): InspectResults {
  switch (event.type) {
    case 'prediction':
      return results.prediction && results.prediction.request > event.prediction.request ? results : { ...results, prediction: event.prediction, failed: answered(results, 'predict') };
    case 'confusion':
      return { ...results, confusion: event.result, failed: answered(results, 'confusion') };
    case 'filters':
      return { ...results, filters: event.result, failed: answered(results, 'filters') };
    case 'summary':
      return { ...results, summary: event.result, failed: answered(results, 'summary') };
    case 'inspectFailed':
      return { ...results, failed: { ...results.failed, [event.what]: event.message } };
    default:
      return event satisfies never;
  }
}

/** The image buffers an answer can hand over instead of copying. */
export function inspectTransferables(event: InspectEvent): ArrayBuffer[] {
  switch (event.type) {
    case 'confusion':
      return event.result.worst.map((w) => w.images.buffer as ArrayBuffer);
    case 'filters':
      return [event.result.image, ...(event.result.filters ? [event.result.filters.pixels] : []), ...event.result.maps.map((m) => m.pixels)].map((a) => a.buffer as ArrayBuffer);
    case 'prediction':
      return [event.prediction.input.buffer as ArrayBuffer];
    case 'summary':
    case 'inspectFailed':
      return [];
    default:
      return event satisfies never;
  }
}
