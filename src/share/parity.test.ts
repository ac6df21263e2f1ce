import { describe, expect, it } from 'vitest';
import { Translator } from '../i18n/translator';
import { msg } from '../i18n/message';
import { parityReport, paritySentence, PARITY_TOLERANCE } from './parity';

const en = new Translator('en');

const curve = (backend: 'cpu' | 'wasm' | 'webgl' | 'webgpu', losses: number[]) => ({ backend, losses });
const appCurve = (losses: number[]) => ({ backend: 'webgpu' as const, engine: 'app' as const, losses });

describe('the parity verdict', () => {
  it('calls reordered-sum noise agreement, measured against the plain-JS CPU wherever it sits', () => {
    const report = parityReport([curve('webgl', [2.3001, 2.1, 1.90002]), curve('cpu', [2.3, 2.1, 1.9]), curve('wasm', [2.3, 2.10001, 1.9])]);
    expect(report?.reference).toBe('cpu');
    expect(report?.agree).toBe(true);
    expect(report?.steps.map((s) => s.worst)).toEqual(['webgl', 'wasm', 'webgl']);
    expect(report?.worst?.step).toBe(1);
    expect(report?.worst?.maxRelativeDiff).toBeCloseTo(0.0001 / 2.3, 9);
    expect((report && paritySentence(report, en))).toMatch(/^All 3 runs \(WebGL, CPU \(plain JS\), WebAssembly SIMD\) agree within 1\.0% at every one of 3 steps/);
  });

  it('names the first step where a backend departs, and calls a lost or non-finite loss a divergence', () => {
    const report = parityReport([curve('cpu', [2.3, 2.0, 1.7, 1.5]), curve('webgpu', [2.3, 2.0, 1.8, 2.5])]);
    expect(report?.agree).toBe(false);
    expect(report?.firstDivergence).toMatchObject({ step: 3, worst: 'webgpu-tfjs' });
    expect((report && paritySentence(report, en))).toMatch(/^WebGPU · TensorFlow\.js departs from CPU \(plain JS\) at step 3 \(5\.9%/);
    const nan = parityReport([curve('cpu', [2.3, 2.0]), curve('wasm', [2.3, NaN])]);
    expect(nan?.firstDivergence).toMatchObject({ step: 2, maxRelativeDiff: Infinity });
    const short = parityReport([curve('cpu', [2.3, 2.0]), curve('wasm', [2.3])]);
    expect(short?.agree).toBe(false);
  });

  it('compares WebGPU once per engine, each named by its engine', () => {
    const report = parityReport([curve('cpu', [2.3, 2.1]), appCurve([2.3, 2.10002]), curve('webgpu', [2.3, 2.5])]);
    expect(report?.lanes).toEqual(['cpu', 'webgpu', 'webgpu-tfjs']);
    expect(report?.firstDivergence).toMatchObject({ step: 2, worst: 'webgpu-tfjs' });
    const agree = parityReport([curve('cpu', [2.3, 2.1]), appCurve([2.3, 2.10002]), curve('webgpu', [2.3, 2.1])]);
    expect(agree && paritySentence(agree, en)).toMatch(/^All 3 runs \(CPU \(plain JS\), WebGPU · the app's engine, WebGPU · TensorFlow\.js\) agree/);
  });

  it('keeps a lane that asked for the app’s engine and fell back in the app’s lane, not a second TensorFlow.js lane', () => {
    const fellBack = { backend: 'webgpu' as const, engineNote: msg('engine.gpu.fallback', { reason: 'x' }), losses: [2.3, 2.1] };
    expect(parityReport([curve('cpu', [2.3, 2.1]), fellBack, curve('webgpu', [2.3, 2.1])])?.lanes).toEqual(['cpu', 'webgpu', 'webgpu-tfjs']);
  });

  it('needs two backends, and keeps to its stated tolerance', () => {
    expect(parityReport([curve('cpu', [1])])).toBeNull();
    expect(PARITY_TOLERANCE).toBe(0.01);
    expect(parityReport([curve('cpu', [1, 1]), curve('wasm', [1, 1.0099])])?.agree).toBe(true);
    expect(parityReport([curve('cpu', [1, 1]), curve('wasm', [1, 1.0101])])?.agree).toBe(false);
  });

  it('says the verdict in Chinese with a Chinese translator', () => {
    const zh = new Translator('zh-CN');
    const agree = parityReport([curve('cpu', [2.3, 2.1]), curve('webgl', [2.3001, 2.1])]);
    expect(agree && paritySentence(agree, zh)).toMatch(/^全部 2 次运行（CPU（纯 JS）、WebGL）在所有 2 步中的差异都在 1\.0% 以内/);
    const diverge = parityReport([curve('cpu', [2.3, 2.0, 1.7]), curve('webgpu', [2.3, 2.0, 1.8])]);
    expect(diverge && paritySentence(diverge, zh)).toMatch(/^WebGPU · TensorFlow\.js 内核 在第 3 步偏离了 CPU（纯 JS）（5\.9%/);
  });
});
