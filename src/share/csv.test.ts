import { describe, expect, it } from 'vitest';
import { csvCell, curvesToCsv, rowsToCsv } from './csv';
import { Translator } from '../i18n/translator';
import type { SharedRow } from './resultTypes';

const ROW: SharedRow = { loop: 'app', backend: 'webgl', firstStepMs: 2300.5, medianStepMs: 41.25, p90StepMs: 45, examplesPerSec: 1551.5, gflops: 12.5 };

describe('CSV export', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
  ])('quotes and guards the text %j as %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers as numbers, never guarded, and blanks for missing or non-finite ones', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1e-7)).toBe('1e-7');
    expect(csvCell(NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('writes one line per backend, with optional columns only when some row has them', () => {
    expect(rowsToCsv([ROW])).toBe(
      'loop,backend,firstStepMs,medianStepMs,p90StepMs,examplesPerSec,gflops\r\napp,webgl,2300.5,41.25,45,1551.5,12.5\r\n',
    );
    const withAccuracy = rowsToCsv([ROW, { ...ROW, backend: 'cpu', testAccuracy: 0.98 }]).split('\r\n');
    expect(withAccuracy[0]).toBe('loop,backend,firstStepMs,medianStepMs,p90StepMs,examplesPerSec,gflops,testAccuracy');
    expect(withAccuracy[1]).toBe('app,webgl,2300.5,41.25,45,1551.5,12.5,');
    expect(withAccuracy[2]).toBe('app,cpu,2300.5,41.25,45,1551.5,12.5,0.98');
    const software = rowsToCsv([{ ...ROW, softwareGpu: true }, { ...ROW, backend: 'cpu' }]).split('\r\n');
    expect(software[0]).toBe('loop,backend,firstStepMs,medianStepMs,p90StepMs,examplesPerSec,gflops,softwareGpu');
    expect(software[1]).toBe('app,webgl,2300.5,41.25,45,1551.5,12.5,true');
    expect(software[2]).toBe('app,cpu,2300.5,41.25,45,1551.5,12.5,');
  });

  it('writes one line per step, one column per curve, blanks where a curve has no point', () => {
    const csv = curvesToCsv([
      { name: 'loss', points: [[1, 2.3], [5, 1.1], [9, 0.5]] },
      { name: '=cmd|x', points: [[1, 100], [9, 120]] },
    ]);
    expect(csv).toBe("step,loss,'=cmd|x\r\n1,2.3,100\r\n5,1.1,\r\n9,0.5,120\r\n");
  });

  it('writes the headers in Chinese with a Chinese translator, the figures unchanged', () => {
    const zh = new Translator('zh-CN');
    const [header, line] = rowsToCsv([ROW], zh).split('\r\n');
    expect(header).toBe('循环,后端,首步耗时（毫秒）,单步耗时中位数（毫秒）,单步耗时 P90（毫秒）,样本/秒,GFLOP/s');
    expect(line).toBe('app,webgl,2300.5,41.25,45,1551.5,12.5');
    expect(curvesToCsv([{ name: 'loss', points: [[1, 2]] }], zh).split('\r\n')[0]).toBe('步,loss');
  });
});
