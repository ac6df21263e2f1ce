import { describe, expect, it } from 'vitest';
import { CLASS_NAMES } from '../../config/datasets';
import type { ConfusionResult } from '../../engine/protocol/inspect';
import { Translator } from '../../i18n/translator';
import { classNamesOf, confusionCaption } from './inspectText';
import { msg } from '../../i18n/message';
import { SHIPPED_IMAGE_SHAPE } from '../../config/imageShape';

const en = new Translator('en');
const zh = new Translator('zh-CN');

function confusion(epoch: number | null): ConfusionResult {
  const counts = [
    [3, 1],
    [0, 4],
  ];
  return { source: { kind: 'running', description: msg('engine.inspect.savedClassifier'), dataset: 'mnist', backend: 'cpu' }, epoch, step: epoch === null ? null : 10 * epoch, counts, examples: 10000, shape: SHIPPED_IMAGE_SHAPE, worst: [] };
}

describe('the Look inside view’s text', () => {
  it('names classes as the data set does in English: digits for MNIST, the clothes for Fashion-MNIST', () => {
    expect(classNamesOf('mnist', en)).toEqual(CLASS_NAMES.mnist);
    expect(classNamesOf('fashion-mnist', en)).toEqual(CLASS_NAMES['fashion-mnist']);
    expect(classNamesOf('mnist', zh)).toEqual(CLASS_NAMES.mnist);
  });

  it('captions the confusion matrix by when it was taken', () => {
    expect(confusionCaption(confusion(null), en)).toBe('10000 test images, asked for now: 87.5% on the diagonal.');
    expect(confusionCaption(confusion(2), en)).toBe('10000 test images, at the end of epoch 2 (step 20): 87.5% on the diagonal.');
  });

  it('speaks Simplified Chinese', () => {
    expect(classNamesOf('fashion-mnist', zh)[9]).toBe('短靴');
    expect(confusionCaption(confusion(2), zh)).toBe('10000 张测试图像，于第 2 轮结束时（第 20 步）计算：对角线上占 87.5%。');
  });
});
