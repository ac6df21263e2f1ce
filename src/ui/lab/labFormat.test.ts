import { describe, expect, it } from 'vitest';
import { HIDDEN, notAvailable } from '../../engine/protocol/deviceReport';
import { Translator } from '../../i18n/translator';
import { formatMb, formatMs, formatSpeedUp, modelText, reportedText } from './labFormat';
import { msg } from '../../i18n/message';

const en = new Translator('en');
const zh = new Translator('zh-CN');

describe('lab number formats', () => {
  it('writes speed-ups with a multiplication sign, whole from 10× up', () => {
    expect(formatSpeedUp(1)).toBe('1×');
    expect(formatSpeedUp(3.456)).toBe('3.5×');
    expect(formatSpeedUp(0.5234)).toBe('0.52×');
    expect(formatSpeedUp(24.3)).toBe('24×');
    expect(formatSpeedUp(null)).toBe('–');
  });

  it('writes times and sizes with units, a dash or "not reported" when missing', () => {
    expect(formatMs(12.345, en)).toBe('12.3 ms');
    expect(formatMs(NaN, en)).toBe('–');
    expect(formatMb(3 * 1024 * 1024, en)).toBe('3 MB');
    expect(formatMb(null, en)).toBe('not reported');
  });

  it('never leaves a device value blank', () => {
    expect(reportedText(HIDDEN, en)).toBe('hidden by the browser');
    expect(reportedText(notAvailable(msg('engine.device.noWebGpu')), en)).toBe('not available (navigator.gpu is missing: this browser (or context) has no WebGPU)');
    expect(reportedText(true, en)).toBe('yes');
    expect(reportedText('', en)).toBe('(empty)');
    expect(reportedText(undefined, en)).toBe('not reported');
    expect(reportedText(8192, en)).toBe('8192');
  });

  it('speaks Chinese with a Chinese translator, the engine’s reasons included', () => {
    expect(formatMs(12.345, zh)).toBe('12.3 毫秒');
    expect(formatMb(null, zh)).toBe('未报告');
    expect(reportedText(HIDDEN, zh)).toBe('被浏览器隐藏');
    expect(reportedText(notAvailable(msg('engine.device.noWebGpu')), zh)).toBe('不可用（缺少 navigator.gpu：此浏览器（或此上下文）没有 WebGPU）');
    expect(reportedText(false, zh)).toBe('否');
    expect(modelText('Tiny CNN', zh)).toBe('微型 CNN');
    expect(modelText('Tiny CNN', en)).toBe('Tiny CNN');
    expect(modelText('Something else', zh)).toBe('Something else');
  });
});
