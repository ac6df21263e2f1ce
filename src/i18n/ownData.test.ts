/** A data set's refusals (src/data/own) said in the page's languages: the source's sentence around its reason. */
import { describe, expect, it } from 'vitest';
import { msg } from './message';
import { Translator } from './translator';

const en = new Translator('en');
const zh = new Translator('zh-CN');

describe('a refused data set, said', () => {
  it.each([
    [msg('check.dataset.examples', { reason: msg('check.dataset.why.tooFewClasses', { count: 1, min: 2 }) }), 'These examples cannot be made into a data set: it has 1 class; a data set needs at least 2.', '无法用这些样本生成数据集：它只有 1 个类别；数据集至少需要 2 个。'],
    [msg('check.dataset.csv', { reason: msg('check.csv.pixelCount', { row: 3, count: 783, expected: 784 }) }), 'This CSV cannot be made into a data set: row 3 has 783 pixel values after its label; a 28 x 28 image has 784.', '无法用这个 CSV 生成数据集：第 3 行在标签之后有 783 个像素值；一张 28 x 28 的图片有 784 个。'],
    [msg('check.dataset.zip', { reason: msg('check.zip.expands', { size: 320, max: 256 }) }), 'This zip file cannot be made into a data set: its files would expand to 320 MB, over the 256 MB this page reads.', '无法用这个 ZIP 压缩包生成数据集：它的文件解压后将有 320 MB，超过了本页面可读取的 256 MB。'],
    [msg('check.dataset.file', { reason: msg('check.dataset.why.label', { what: msg('check.dataset.part.imageOf', { what: msg('check.dataset.part.train'), index: 5 }), label: 7, count: 3, last: 2 }) }), 'Not a usable data set file: image 5 of the training split has label 7, but the data set has 3 classes (0 to 2).', '不是可用的数据集文件：训练集的第 5 张图片的标签是 7，但数据集只有 3 个类别（0 到 2）。'],
    [msg('check.dataset.images', { reason: msg('check.images.tooBig', { name: "'a/huge.png'", width: 20000, height: 20000, max: 4096 }) }), "These images cannot be made into a data set: the image 'a/huge.png' is 20000 x 20000 pixels, over the 4096 x 4096 this page decodes.", "无法用这些图片生成数据集：图片 'a/huge.png' 有 20000 x 20000 像素，超过了本页面可解码的 4096 x 4096。"],
  ])('%j', (message, english, chinese) => {
    expect(en.say(message)).toBe(english);
    expect(zh.say(message)).toBe(chinese);
  });
});
