import { describe, expect, it } from 'vitest';
import { HIDDEN, notAvailable } from '../../engine/protocol/deviceReport';
import { formatMb, formatMs, formatSpeedUp, reportedText } from './labFormat';

describe('lab number formats', () => {
  it('writes speed-ups with a multiplication sign, whole from 10× up', () => {
    expect(formatSpeedUp(1)).toBe('1×');
    expect(formatSpeedUp(3.456)).toBe('3.5×');
    expect(formatSpeedUp(0.5234)).toBe('0.52×');
    expect(formatSpeedUp(24.3)).toBe('24×');
    expect(formatSpeedUp(null)).toBe('–');
  });

  it('writes times and sizes with units, a dash or "not reported" when missing', () => {
    expect(formatMs(12.345)).toBe('12.3 ms');
    expect(formatMs(NaN)).toBe('–');
    expect(formatMb(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatMb(null)).toBe('not reported');
  });

  it('never leaves a device value blank', () => {
    expect(reportedText(HIDDEN)).toBe('hidden by the browser');
    expect(reportedText(notAvailable('no WebGPU here'))).toBe('not available (no WebGPU here)');
    expect(reportedText(true)).toBe('yes');
    expect(reportedText('')).toBe('(empty)');
    expect(reportedText(undefined)).toBe('not reported');
    expect(reportedText(8192)).toBe('8192');
  });
});
