import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import { english } from '../i18n/testing/english';
import { Translator } from '../i18n/translator';
import { engineGap, engineGapMessage } from './engineGap';
import { laneMessage } from '../config/lanes';
import { latinWords } from '../i18n/latinWords';

const app = (medianStepMs: number) => ({ backend: 'webgpu' as const, engine: 'app' as const, medianStepMs });
const tfjs = (medianStepMs: number) => ({ backend: 'webgpu' as const, engine: 'tfjs' as const, medianStepMs });
const cpu = { backend: 'cpu' as const, engine: 'tfjs' as const, medianStepMs: 900 };

describe('the two WebGPU engines side by side', () => {
  it('splits TensorFlow.js’s step into what the app’s engine needed and the software around it', () => {
    const gap = engineGap([cpu, app(8), tfjs(32)]);
    expect(gap).toEqual({ appMs: 8, tfjsMs: 32, softwareMs: 24, softwareShare: 0.75, speedUp: 4 });
    expect(english(engineGapMessage(gap!, false))).toBe(
      "WebGPU ran the same step twice on this GPU: the app's engine in 8 ms, TensorFlow.js in 32 ms (4× as long). So at most 8 ms of a step is the GPU's own work, and at least 24 ms of TensorFlow.js's step (75.0%) is the software around its kernels: a launch, a bind group and a uniform buffer for every operation, and the bookkeeping in JavaScript.",
    );
  });

  it('reads a row without an engine as TensorFlow.js’s, in any order', () => {
    expect(engineGap([{ backend: 'webgpu', medianStepMs: 30 }, app(10)])?.speedUp).toBe(3);
  });

  it('says so where the app’s engine saved nothing, and never counts negative software', () => {
    const gap = engineGap([app(40), tfjs(30)]);
    expect(gap?.softwareMs).toBe(0);
    expect(english(engineGapMessage(gap!, false))).toBe(
      "WebGPU ran the same step twice on this GPU: TensorFlow.js in 30 ms, the app's engine in 40 ms. Here the app's engine saves nothing: this step is the GPU's own work, not the software around its kernels.",
    );
  });

  it('calls both times CPU times on a software GPU', () => {
    expect(english(engineGapMessage(engineGap([app(800), tfjs(3000)])!, true))).toMatch(/^WebGPU ran the same step twice, on the CPU here \(a software GPU\): the app's engine in 800 ms, TensorFlow\.js in 3000 ms\. Both are CPU times/);
  });

  it('needs both lanes measured: one engine, a lane that fell back, or a step time of nothing make no sentence', () => {
    expect(engineGap([cpu, app(8)])).toBeNull();
    expect(engineGap([tfjs(32)])).toBeNull();
    expect(engineGap([app(8), { ...tfjs(32), engineNote: msg('engine.gpu.fallback', { reason: 'x' }) }])).toBeNull();
    expect(engineGap([app(0), tfjs(32)])).toBeNull();
    expect(engineGap([app(8), tfjs(NaN)])).toBeNull();
  });

  it('says it in Chinese, no English word left, the lanes’ names too', () => {
    const zh = new Translator('zh-CN');
    const texts = [
      ...[engineGapMessage(engineGap([app(8), tfjs(32)])!, false), engineGapMessage(engineGap([app(40), tfjs(30)])!, false), engineGapMessage(engineGap([app(8), tfjs(32)])!, true)].map((m) => zh.say(m)),
      zh.say(laneMessage({ backend: 'webgpu', engine: 'app' })),
      zh.say(laneMessage({ backend: 'webgpu', engine: 'tfjs' })),
    ];
    expect(latinWords(texts)).toEqual([]);
    expect(zh.say(engineGapMessage(engineGap([app(8), tfjs(32)])!, false))).toMatch(/^WebGPU 在这块 GPU 上把同一步训练跑了两次：本应用的引擎用时 8 毫秒，TensorFlow\.js 用时 32 毫秒（是前者的 4×）。所以一步中最多 8 毫秒是 GPU/);
  });
});
