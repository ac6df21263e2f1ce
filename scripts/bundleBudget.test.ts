import { describe, expect, it } from 'vitest';
import { checkBudget, pageChunks, type Manifest } from './bundleBudget';

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['_chart.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
  '_chart.js': { file: 'assets/chart.js' },
};
const size = (gzipBytes: number) => () => ({ rawBytes: gzipBytes * 3, gzipBytes });

describe('the page bundle budget', () => {
  it('follows static imports from index.html, never dynamic ones, and visits each chunk once', () => {
    expect(pageChunks(MANIFEST)).toEqual(['assets/main.js', 'assets/shared.js']);
    expect(() => pageChunks({})).toThrow('no entry for index.html');
  });

  it('passes a page without TensorFlow.js under budget', () => {
    const chunks = [
      { fileName: 'assets/main.js', modules: ['/app/src/ui/App.tsx', '/app/node_modules/react/index.js'] },
      { fileName: 'assets/shared.js', modules: ['/app/src/config/backends.ts'] },
    ];
    const report = checkBudget(pageChunks(MANIFEST), chunks, size(40_000));
    expect(report.problems).toEqual([]);
    expect(report.totalGzipBytes).toBe(80_000);
  });

  it('fails when a TensorFlow.js module reaches a page chunk, naming it', () => {
    const chunks = [
      { fileName: 'assets/main.js', modules: ['/app/src/ui/App.tsx'] },
      { fileName: 'assets/shared.js', modules: ['/app/node_modules/@tensorflow/tfjs-core/dist/ops/matmul.js'] },
    ];
    const report = checkBudget(pageChunks(MANIFEST), chunks, size(1000));
    expect(report.forbidden).toEqual(['assets/shared.js: /app/node_modules/@tensorflow/tfjs-core/dist/ops/matmul.js']);
    expect(report.problems).toHaveLength(1);
  });

  it('fails over budget, and when it cannot see inside a page chunk', () => {
    const over = checkBudget(['assets/main.js'], [{ fileName: 'assets/main.js', modules: [] }], size(150_001));
    expect(over.problems).toEqual(['The page loads 150001 bytes of gzip JavaScript before it is usable; the budget is 150000']);
    const blind = checkBudget(['assets/main.js'], [], size(1));
    expect(blind.problems).toEqual(['No module list for assets/main.js: the check cannot see inside them']);
  });
});
