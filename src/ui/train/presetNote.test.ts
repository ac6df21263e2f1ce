import { describe, expect, it } from 'vitest';
import { CNN_PRESETS, presetExamples } from '../../config/cnnPresets';
import { msg, type Message } from '../../i18n/message';
import { english } from '../../i18n/testing/english';
import { Translator } from '../../i18n/translator';

const SHAPES = { trainCount: 96, testCount: 24 };
const note = (id: string, dataset: string, own: typeof SHAPES | null, say: (m: Message) => string = english) => {
  const preset = CNN_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(id);
  return say(msg(`preset.${preset.id}.description`, { ...presetExamples(preset, dataset, own) }));
};

describe('the preset note under the presets', () => {
  it('counts MNIST’s images as before', () => {
    expect(note('quick', 'mnist', null)).toBe('The tiny CNN on 30,000 training images for one epoch, tested on 2,000: on MNIST about 95% test accuracy in well under a minute on a laptop CPU.');
    expect(note('full', 'fashion-mnist', null)).toBe('The classic CNN on all 60,000 training images for 5 epochs at batch 64, tested on 10,000: the seed article’s run, minutes on a GPU.');
  });

  it('counts an own set’s real size, not the shipped 60,000, in English and Chinese', () => {
    expect(note('full', 'own:0123456789abcdef', SHAPES)).toBe('The classic CNN on all 96 training images for 5 epochs at batch 64, tested on 24: the seed article’s run, minutes on a GPU.');
    const chinese = new Translator('zh-CN');
    expect(note('quick', 'own:0123456789abcdef', SHAPES, (m) => chinese.say(m))).toMatch(/^微型 CNN，96 张训练图像，训练一轮，在 24 张图像上测试/);
  });
});
