import type { CnnSettings } from './cnnConfig';

/** A named set of Train-view settings, one click away in the form. */
export interface CnnPreset {
  id: string;
  label: string;
  /** One line on screen: what the preset is for and what it costs. */
  description: string;
  settings: Partial<CnnSettings>;
}

/** The Train view's presets; `quick` is the table's defaults (see scripts/firstRun.ts for why). */
export const CNN_PRESETS: readonly CnnPreset[] = [
  {
    id: 'quick',
    label: 'Quick first run',
    description: 'The classic CNN on 6,000 training images for one epoch.',
    settings: { model: 'classic', trainExamples: 6_000, epochs: 1, batchSize: 32, testExamples: 2_000 },
  },
  {
    id: 'full',
    label: 'Full seed run',
    description: 'The classic CNN on all 60,000 training images for 5 epochs, tested on 10,000.',
    settings: { model: 'classic', trainExamples: 60_000, epochs: 5, batchSize: 64, testExamples: 10_000 },
  },
];
