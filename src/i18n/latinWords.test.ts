import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ALLOWED_LATIN, latinWords } from './latinWords';
import { catalog } from './translator';

const words = (...texts: string[]) => latinWords(texts).map((w) => w.word);

describe('Latin words left on a Chinese page', () => {
  it('catches an English sentence, and English inside a Chinese one', () => {
    expect(words('Loading MNIST digits: training images…')).toEqual(['Loading', 'digits', 'training', 'images']);
    expect(words('无法启动 WebGL 后端：plain JavaScript, always available')).toEqual(['plain', 'always', 'available']);
    expect(latinWords(['第 3 步 out of memory'])).toEqual([
      { word: 'out', text: '第 3 步 out of memory' },
      { word: 'of', text: '第 3 步 out of memory' },
      { word: 'memory', text: '第 3 步 out of memory' },
    ]);
    // A possessive or a hyphenated word is still a word.
    expect(words('sender’s 后端', 'speed-up')).toEqual(['sender’s', 'speed-up']);
  });

  it('accepts the allowlisted names and units, numbers and symbols', () => {
    expect(words('WebGL 与 WebGPU 上的 CNN 和 GAN，Adam，3.2 GFLOP/s，12 ms，256 MiB，CPU（纯 JS）', '微型 CNN，5,000 个参数', 'MNIST 手写数字', 'D(x) 与 D(G(z))', 'n×n')).toEqual([]);
    for (const { name } of ALLOWED_LATIN) if (typeof name === 'string') expect(words(`在 ${name} 上`), name).toEqual([]);
  });

  it('lets code through as written: APIs, flags and file names', () => {
    expect(words('缺少 navigator.gpu（需要 --enable-unsafe-webgpu）', 'requestAdapter() 失败', 'EXT_disjoint_timer_query_webgl2', '模型文件 gpu-playground-tiny-mnist-step3.gpck', 'tf.time')).toEqual([]);
    expect(words('下载模型（.gpck）', '只以 float32 计算', '不是 UTF-8 编码', '7x7x64')).toEqual([]);
  });

  it('gives every allowlisted entry a reason, and allows no common English word', () => {
    for (const { name, why } of ALLOWED_LATIN) expect(why.length, String(name)).toBeGreaterThan(5);
    expect(words('the', 'and', 'of', 'to', 'not', 'available', 'step', 'loss', 'batch', 'memory')).toHaveLength(10);
  });

  it('finds in the Chinese catalog only names, units, code and the terms of art listed here', () => {
    // Technical names the Chinese text keeps as written; none of them is on a page this project's zh e2e scans.
    const termsOfArt = new Set([
      ...['URL', 'base64url', 'IndexedDB', 'OffscreenCanvas', 'tfjs-core', 'tfjs-backend-webgpu', 'navigator'],
      ...['softmax', 'Softmax', 'logit', 'logits', 'MFLOP', 'FLOPs', 'Esc', 'Chrome', 'Edge', 'Chromium', 'timestamp-query', 'loop', 'HTTP'],
      // Glosses of a translated label.
      ...['User', 'agent', 'Client', 'hints'],
    ]);
    const left = latinWords(Object.values(catalog('zh-CN')).flatMap((message) => literalTexts(parse(message))));
    expect([...new Set(left.map((w) => w.word))].filter((w) => !termsOfArt.has(w))).toEqual([]);
  });
});

/** The words of an ICU message, its arguments' names left out. */
function literalTexts(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((el) => {
    if (el.type === TYPE.literal) return [el.value];
    if ('options' in el) return Object.values(el.options).flatMap((option) => literalTexts(option.value));
    return [];
  });
}
