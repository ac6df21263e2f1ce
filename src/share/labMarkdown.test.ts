import { describe, expect, it } from 'vitest';
import { crossoverSentence, matmulCrossovers } from './crossover';
import { batchAt, matmulAt, raceRow } from '../engine/protocol/labFixtures';
import { batchMarkdown, fixed, matmulMarkdown, raceMarkdown } from './labMarkdown';
import { Translator } from '../i18n/translator';
import { msg } from '../i18n/message';

const en = new Translator('en');

describe('raceMarkdown', () => {
  const lines = raceMarkdown([raceRow('cpu', 200), raceRow('webgl', 20)], [{ backend: 'webgpu', value: null, kind: 'out-of-memory', reason: msg('engine.lab.outOfMemory', { backend: 'webgpu', detail: 'GPUOutOfMemoryError' }) }]).split('\n');

  it('writes a header, an alignment rule and one row per backend with its speed-ups over both CPU baselines', () => {
    expect(lines[0]).toBe('| backend | first step ms | median ms | p90 ms | min ms | max ms | examples/s | GFLOP/s | peak MB | GPU MB | speed-up vs plain-JS cpu | speed-up vs wasm |');
    expect(lines[1]).toBe('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    expect(lines[2]).toBe('| cpu | 2000 | 200.0 | 240.0 | 180.0 | 300.0 | 160.0 | 1.250 | 8.0 | n/a | 1.00× | n/a |');
    expect(lines[3]).toBe('| webgl | 200 | 20.0 | 24.0 | 18.0 | 30.0 | 1600.0 | 1.250 | 8.0 | 16.0 | 10.00× | n/a |');
  });

  it('lists a failed backend under the table', () => {
    expect(lines.at(-1)).toBe('- OUT OF MEMORY: webgpu: out of memory (GPUOutOfMemoryError)');
  });

  it('marks a software GPU’s row, and its speed-ups as CPU vs CPU', () => {
    const software = { webgl: { renderer: 'SwiftShader', evidence: 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', fallbackAdapter: false } };
    const marked = raceMarkdown([raceRow('cpu', 200), raceRow('webgl', 20)], [], software).split('\n');
    expect(marked[2]).toBe('| cpu | 2000 | 200.0 | 240.0 | 180.0 | 300.0 | 160.0 | 1.250 | 8.0 | n/a | 1.00× | n/a |');
    expect(marked[3]).toBe('| webgl (software, on the CPU) | 200 | 20.0 | 24.0 | 18.0 | 30.0 | 1600.0 | 1.250 | 8.0 | 16.0 | 10.00×, CPU vs CPU | n/a |');
  });

  it('names both WebGPU lanes by their engine, each with its speed-ups, marked on a software GPU', () => {
    const software = { webgpu: { renderer: 'SwiftShader', evidence: 'google / swiftshader', fallbackAdapter: true } };
    const rows = [raceRow('cpu', 200), { ...raceRow('webgpu', 10), engine: 'app' as const }, { ...raceRow('webgpu', 50), engine: 'tfjs' as const }];
    const first = (text: string) => text.split('\n').slice(2).map((line) => line.split(' | ')[0]);
    expect(first(raceMarkdown(rows))).toEqual(['| cpu', "| webgpu · the app's engine", '| webgpu · TensorFlow.js']);
    const marked = raceMarkdown(rows, [], software).split('\n');
    expect(marked[3]).toMatch(/^\| webgpu · the app's engine \(software, on the CPU\) \| .* \| 20\.00×, CPU vs CPU \| n\/a \|$/);
    expect(marked[4]).toMatch(/^\| webgpu · TensorFlow\.js \(software, on the CPU\) \| .* \| 4\.00×, CPU vs CPU \| n\/a \|$/);
  });

  it('says WebAssembly’s threads beside a software GPU’s mark in one table', () => {
    const software = { webgl: { renderer: 'SwiftShader', evidence: 'x', fallbackAdapter: false } };
    const marked = raceMarkdown([raceRow('cpu', 200), { ...raceRow('wasm', 50), threads: 2 }, raceRow('webgl', 20)], [], software).split('\n');
    expect(marked.slice(2).map((line) => line.split(' | ')[0])).toEqual(['| cpu', '| wasm (2 threads)', '| webgl (software, on the CPU)']);
    const both = raceMarkdown([{ ...raceRow('wasm', 50), threads: 2, xnnpackThreads: 1 }]).split('\n');
    expect(both[2].split(' | ')[0]).toBe("| wasm (the app's kernels: 2 threads; XNNPACK: 1 thread)");
  });
});

describe('sweep tables', () => {
  it('pivots matrix sizes against backends and adds the crossover sentence', () => {
    const text = matmulMarkdown([matmulAt('cpu', 64, 1), matmulAt('cpu', 128, 1), matmulAt('webgl', 64, 0.5), matmulAt('webgl', 128, 4)], [], en);
    const lines = text.split('\n');
    expect(lines[0]).toBe('| size n (GFLOP/s, median ms) | cpu | webgl |');
    expect(lines[2]).toBe('| 64 | 1.00 (0.52 ms) | 0.50 (1.05 ms) |');
    expect(lines.at(-1)).toMatch(/^WebGL overtakes CPU \(plain JS\) from 128×128 on/);
  });

  it('says a software GPU’s size sweep is no GPU/CPU crossover, and marks its column', () => {
    const software = { webgl: { renderer: 'SwiftShader', evidence: 'x', fallbackAdapter: false } };
    const lines = matmulMarkdown([matmulAt('cpu', 64, 1), matmulAt('cpu', 128, 1), matmulAt('webgl', 64, 0.5), matmulAt('webgl', 128, 4)], [], en, software).split('\n');
    expect(lines[0]).toBe('| size n (GFLOP/s, median ms) | cpu | webgl (software, on the CPU) |');
    expect(lines.at(-1)).toBe('WebGL runs on the CPU here (SwiftShader): its curve against CPU (plain JS) compares two CPU implementations, not a GPU with the CPU.');
  });

  it('marks a missing point with a dash and lists the stop', () => {
    const text = batchMarkdown([batchAt('cpu', 16, 100), batchAt('webgl', 16, 200), batchAt('webgl', 32, 400)], [
      { backend: 'cpu', value: 32, kind: 'time-budget', reason: msg('engine.lab.stoppedAt', { backend: 'cpu', at: msg('engine.lab.atBatch', { value: 32 }), detail: 'skipped' }) },
    ]);
    expect(text.split('\n')[3]).toBe('| 32 | – | 400.0 (80.0 ms) |');
    expect(text).toContain('- SKIPPED: cpu: stopped at batch 32: skipped');
  });

  it('gives the batch sweep’s WebGPU column its engine', () => {
    const text = batchMarkdown([batchAt('cpu', 16, 100), { ...batchAt('webgpu', 16, 300), engine: 'app' }]);
    expect(text.split('\n')[0]).toBe("| batch (examples/s, median step ms) | cpu | webgpu · the app's engine |");
  });

  it('writes n/a for a missing number', () => {
    expect(fixed(null)).toBe('n/a');
    expect(fixed(Infinity)).toBe('n/a');
    expect(fixed(1.234, 2)).toBe('1.23');
  });
});

describe('matmul crossover', () => {
  it('finds one crossover per GPU backend against plain-JS cpu', () => {
    const points = [matmulAt('cpu', 32, 1), matmulAt('cpu', 64, 1), matmulAt('cpu', 128, 1), matmulAt('webgl', 32, 0.1), matmulAt('webgl', 64, 2), matmulAt('webgl', 128, 9), matmulAt('webgpu', 32, 0.1), matmulAt('webgpu', 64, 0.5), matmulAt('webgpu', 128, 0.9)];
    expect(matmulCrossovers(points).map((c) => [c.gpu, c.baseline, c.size])).toEqual([
      ['webgl', 'cpu', 64],
      ['webgpu', 'cpu', null],
    ]);
  });

  it('compares with wasm when plain-JS cpu did not run, and says so in words', () => {
    const [c] = matmulCrossovers([matmulAt('wasm', 32, 5), matmulAt('webgpu', 32, 9)]);
    expect(c).toMatchObject({ gpu: 'webgpu', baseline: 'wasm', size: 32 });
    expect(crossoverSentence(c, en)).toBe(
      'WebGPU beats WebAssembly SIMD at every size measured, from 32×32 up: even the smallest product has enough parallel work to pay for launching it and reading it back.',
    );
    expect(crossoverSentence({ ...c, size: null, largestCommon: 256 }, en)).toMatch(/^WebGPU is still behind WebAssembly SIMD at 256×256, the largest size measured: /);
  });

  it('says it in Chinese with a Chinese translator', () => {
    const [c] = matmulCrossovers([matmulAt('cpu', 32, 5), matmulAt('cpu', 64, 5), matmulAt('webgl', 32, 1), matmulAt('webgl', 64, 9)]);
    expect(crossoverSentence(c, new Translator('zh-CN'))).toMatch(/^WebGL 从 64×64 起反超 CPU（纯 JS）：/);
  });

  it('has nothing to say without a CPU baseline', () => {
    expect(matmulCrossovers([matmulAt('webgl', 32, 5)])).toEqual([]);
  });
});
