import { step, type Lesson } from './types';

export const ganDigits: Lesson = {
  title: 'A GAN learns to draw digits',
  steps: [
    step(
      'gan',
      { model: 'mlp', dataset: 'mnist', digit: 'all', steps: 3_000 },
      ['setup', 'samples'],
      'Two networks play a game: the generator turns random noise into images, the discriminator tells real digits from generated ones. Press Train and watch the grid: the same noise, drawn again as the generator learns.',
    ),
    step(
      'gan',
      {},
      ['samples', 'chart-gan-loss', 'chart-gan-d'],
      'Neither loss goes to zero: when one network gets better, the other has a harder job. D(x) is how real the discriminator finds real digits, D(G(z)) how real it finds fakes; near 0.5 both, it can no longer tell them apart.',
    ),
    step(
      'gan',
      { model: 'mlp', digit: '3', steps: 2_000 },
      ['setup', 'samples', 'stats'],
      'Train on one digit only: the generator learns a single shape faster. If every image in the grid turns into the same digit while training on all ten, that is mode collapse.',
    ),
  ],
};
