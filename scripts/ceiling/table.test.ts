import { describe, expect, it } from 'vitest';
import { ceilingTable, meetsGoals, spreadOf, spreadText, summarizeRow, type CeilingResult, type CeilingRow, type CeilingRun } from './table';

/** One run: the app at 1 and 2 threads, PyTorch at 1 and 2 (ms). */
function run(app1: number, app2: number, torch1: number, torch2: number): CeilingRun {
  return {
    app: [{ threads: 1, xnnpackThreads: 1, wakeUpMs: null, stepMs: app1, forwardMs: null }, { threads: 2, xnnpackThreads: 2, wakeUpMs: 0.05, stepMs: app2, forwardMs: null }],
    torch: [{ threads: 1, stepMs: torch1 }, { threads: 2, stepMs: torch2 }],
  };
}

const row = (runs: CeilingRun[]): CeilingRow => ({ model: 'classic', batch: 64, params: 93322, runs });

describe('the ceiling table', () => {
  it('gives each figure as the median of the runs with their spread', () => {
    expect(spreadOf([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
    expect(spreadOf([NaN])).toBeNull();
    expect(spreadText({ median: 1.234, min: 1.1, max: 1.5 }, 2, 'x')).toBe('1.23x (1.10–1.50)');
    expect(spreadText({ median: 4, min: 4, max: 4 })).toBe('4.0');
  });

  it('compares the app at its best with PyTorch at its best run by run, and every core with one thread', () => {
    const s = summarizeRow(row([run(20, 15, 18, 12), run(22, 16, 17, 10), run(21, 30, 19, 11)]));
    // Run by run: best app 15, 16, 21 over best PyTorch 12, 10, 11.
    expect(s.appOverTorch?.median).toBeCloseTo(16 / 10);
    expect(s.appOverTorch?.min).toBeCloseTo(15 / 12);
    expect(s.appOverTorch?.max).toBeCloseTo(21 / 11);
    expect(s.allOverOne?.max).toBeCloseTo(30 / 21);
    expect(s.torchBest).toEqual({ median: 11, min: 10, max: 12 });
    expect(s.torchBestThreads).toBe(2);
    expect(s.appAllThreads).toBe(2);
    expect(s.xnnpackThreads).toBe(2);
    expect(meetsGoals(s)).toBe(false);
    expect(meetsGoals(summarizeRow(row([run(20, 12, 18, 11)])))).toBe(true);
    expect(meetsGoals(summarizeRow(row([run(10, 12, 18, 11)])))).toBe(false);
  });

  it('prints the machine, PyTorch and the load above the rows, and counts the rows that meet the goals', () => {
    const result: CeilingResult = {
      machine: { cpuModel: 'AMD EPYC (family 26, model 2)', simdFlags: ['avx2', 'avx512f'], cores: 2 },
      browser: 'Chrome 156',
      torch: { version: '1.13.0', python: '/usr/bin/python3', defaultThreads: 1, build: { cpuCapability: 'AVX2', blas: 'generic', onednn: 'v2.6.3', blasLibraries: ['/usr/lib/x86_64-linux-gnu/blas/libblas.so.3'] } },
      warmup: 5,
      steps: 20,
      load: { start: 0.5, end: 1.25 },
      rows: [row([run(20, 12, 18, 11), run(21, 13, 19, 12)]), { ...row([run(5, 6, 3, 3)]), model: 'tiny', params: 5258 }],
      note: null,
    };
    const text = ceilingTable(result);
    expect(text).toContain('Machine: AMD EPYC (family 26, model 2); SIMD: avx2 avx512f; 2 logical cores.');
    expect(text).toContain('PyTorch 1.13.0 (/usr/bin/python3), 1 thread by default');
    expect(text).toContain('CPU capability AVX2, BLAS generic (/usr/lib/x86_64-linux-gnu/blas/libblas.so.3), oneDNN v2.6.3');
    expect(text).toContain("Its BLAS is the untuned reference one (Debian's libblas3)");
    expect(text).toContain('0.50 at the start, 1.25 at the end');
    expect(text).toContain("The app's kernel pool: a sleeping thread joined a task in 50 µs (median of 3 measurements, min–max)");
    expect(text).toContain('| classic | 64 | 93,322 | 11.50 (11.00–12.00) (2) | 20.50 (20.00–21.00) | 12.50 (12.00–13.00) (2; 2) |');
    expect(text).toContain('1 of 2 rows meet both.');
    const openblas = { ...result, torch: result.torch && { ...result.torch, build: { ...result.torch.build, blasLibraries: ['/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3'] } } };
    expect(ceilingTable(openblas)).not.toContain('reference one');
  });
});
