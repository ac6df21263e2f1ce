import type { CnnSettings } from './cnnConfig';
import { examplesUsed, type ExamplesUsed, type OwnSetSize } from './examplesUsed';

/** A named set of Train-view settings, one click away in the form. */
export interface CnnPreset {
  id: string;
  label: string;
  /** One line on screen: what the preset is for and what it costs; {train} and {test} are the images it uses of the chosen data set. */
  description: string;
  settings: Partial<CnnSettings>;
}

/**
 * The Train view's presets. `quick` is the table's defaults (a test keeps them equal): chosen by
 * `npx tsx scripts/firstRun.ts`, where the tiny CNN on 30,000 images for one epoch reached 95.6%
 * test accuracy in 18.5 s on WebAssembly under load, against 94.8% in 46.5 s for the classic CNN
 * on 12,000 and 90.2% for the tiny one on 12,000 (too close to the 90% bar).
 */
export const CNN_PRESETS: readonly CnnPreset[] = [
  {
    id: 'quick',
    label: 'Quick first run',
    description: 'The tiny CNN on {train, number} training images for one epoch, tested on {test, number}: on MNIST about 95% test accuracy in well under a minute on a laptop CPU.',
    settings: { model: 'tiny', trainExamples: 30_000, epochs: 1, batchSize: 32, testExamples: 2_000 },
  },
  {
    id: 'full',
    label: 'Full seed run',
    description: 'The classic CNN on all {train, number} training images for 5 epochs at batch 64, tested on {test, number}: the seed article’s run, minutes on a GPU.',
    settings: { model: 'classic', trainExamples: 60_000, epochs: 5, batchSize: 64, testExamples: 10_000 },
  },
];

/** The images a preset's run uses of a data set: its counts cut to the set's size (an own set's from its summary). */
export function presetExamples(preset: CnnPreset, dataset: string, own: OwnSetSize | null): ExamplesUsed {
  const { trainExamples = 0, testExamples = 0 } = preset.settings;
  return examplesUsed({ dataset, trainExamples, testExamples }, own);
}
