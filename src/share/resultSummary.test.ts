import { describe, expect, it } from 'vitest';
import { HIDDEN } from '../engine/protocol/deviceReport';
import { typicalDevice, typicalRaceResult } from './fixtures/typicalRace';
import { defaultCnnConfig } from '../config/cnnConfig';
import { defaultGanConfig } from '../config/ganConfig';
import { workloadKind } from './resultSettings';
import { describeWorkload, deviceLine, fileStem, formatDate, groupCurves, headline, rowLabel } from './resultSummary';
import { Translator } from '../i18n/translator';
import { ownSetResult, SHAPES_ID } from './fixtures/ownDataset';

describe('one-line summaries of a result', () => {
  const race = typicalRaceResult();

  it('describe what ran', () => {
    expect(workloadKind(race)).toBe('race');
    expect(describeWorkload(race)).toBe('Race: Classic CNN, MNIST digits, batch 64, 3 warm-up + 20 measured steps on CPU (plain JS), WebGL, WebGPU · TensorFlow.js');
    const cnn = { ...race, race: null, config: { ...defaultCnnConfig(), model: 'classic' as const, batchSize: 64, epochs: 1 } };
    expect(describeWorkload(cnn)).toBe('CNN: Classic CNN, MNIST digits, batch 64, 1 epoch on WebGL');
    const gan = { ...race, race: null, config: defaultGanConfig() };
    expect(workloadKind(gan)).toBe('gan');
    expect(describeWorkload(gan)).toBe('GAN: MLP GAN, MNIST digits, batch 64, 5000 steps on WebGL');
  });

  it('name an own data set by its name and size, or by its id in an older result', () => {
    const own = ownSetResult();
    expect(describeWorkload(own)).toBe('CNN: Classic CNN, Shapes (your own: 28 × 28 grayscale, 3 classes, 96 + 24 images), batch 64, 5 epochs on WebGL');
    expect(describeWorkload(own, new Translator('zh-CN'))).toContain('Shapes（你自己的：28 × 28 灰度，3 个类别，96 + 24 张图像）');
    const { ownDataset: _facts, ...older } = own;
    expect(describeWorkload(older)).toBe(`CNN: Classic CNN, your data set ${SHAPES_ID}, batch 64, 5 epochs on WebGL`);
  });

  it('headline the fastest backend', () => {
    expect(headline(race)).toBe('1600 examples/s on WebGPU · TensorFlow.js (fastest of 3)');
    expect(headline({ ...race, rows: [] })).toBe('no figures');
    const onTheCpu = { ...race, rows: race.rows.map((r) => (r.backend === 'webgpu' ? { ...r, softwareGpu: true } : r)) };
    expect(headline(onTheCpu)).toBe('1600 examples/s on WebGPU · TensorFlow.js (software, on the CPU) (fastest of 3)');
  });

  it('name the engine wherever they name WebGPU: a row, a run, a race of both lanes', () => {
    expect(rowLabel({ backend: 'webgpu', loop: 'app', engine: 'app' })).toBe("WebGPU · the app's engine");
    expect(rowLabel({ backend: 'webgpu', loop: 'app' })).toBe('WebGPU · TensorFlow.js');
    expect(rowLabel({ backend: 'webgpu', loop: 'app', engine: 'app', softwareGpu: true })).toBe("WebGPU · the app's engine (software, on the CPU)");
    const both = { ...race, race: { ...(race.race as NonNullable<typeof race.race>), webgpuEngines: 'both' as const } };
    expect(describeWorkload(both)).toMatch(/on CPU \(plain JS\), WebGL, WebGPU · the app's engine, WebGPU · TensorFlow\.js$/);
    const run = { ...race, race: null, config: { ...defaultCnnConfig(), backend: 'webgpu' as const }, rows: [{ ...race.rows[2], engine: 'app' as const }] };
    expect(describeWorkload(run)).toBe("CNN: Tiny CNN, MNIST digits, batch 32, 1 epoch on WebGPU · the app's engine");
    expect(describeWorkload({ ...run, rows: [race.rows[2]] })).toBe('CNN: Tiny CNN, MNIST digits, batch 32, 1 epoch on WebGPU · TensorFlow.js');
  });

  it('speak Chinese with a Chinese translator, table labels included', () => {
    const zh = new Translator('zh-CN');
    const gan = { ...race, race: null, config: defaultGanConfig() };
    expect(describeWorkload(gan, zh)).toBe(`GAN：${zh.t('model.gan.mlp.label')}，${zh.t('dataset.mnist')}，批大小 64，在 ${zh.t('backend.webgl')} 上训练 5000 步`);
    expect(describeWorkload(race, zh)).toContain(`${zh.t('backend.cpu')}、WebGL、WebGPU`);
    expect(headline(race, zh)).toBe('WebGPU · TensorFlow.js 内核 上 1600 样本/秒（3 个中最快）');
    expect(rowLabel({ backend: 'webgl', loop: 'bare' }, zh)).toBe('WebGL（裸循环）');
    expect(rowLabel({ backend: 'webgl', loop: 'app', softwareGpu: true }, zh)).toBe('WebGL（软件，在 CPU 上）');
    expect(deviceLine({}, zh)).toBe('未知设备');
    expect(formatDate('', zh)).toBe('日期未知');
  });

  it('name the device from what the report says, skipping what the browser hid', () => {
    expect(deviceLine(typicalDevice())).toBe('Linux x86_64 · GPU: nvidia lovelace');
    expect(deviceLine({ browser: 'Chrome 156', os: HIDDEN, 'webgl.renderer': 'ANGLE (Apple M2)', 'webgpu.vendor': 'not available (no adapter)' })).toBe('Chrome 156 · GPU: ANGLE (Apple M2)');
    expect(deviceLine({})).toBe('unknown device');
    expect(deviceLine({ browser: 'x'.repeat(100) })).toBe(`${'x'.repeat(59)}…`);
  });

  it('group curves named "metric (series)" into one chart per metric', () => {
    const groups = groupCurves([
      { name: 'loss (cpu)', points: [] },
      { name: 'examples/s (cpu)', points: [] },
      { name: 'loss (webgl)', points: [] },
      { name: 'odd name', points: [] },
    ]);
    expect(groups.map((g) => [g.metric, g.curves.map((c) => c.series)])).toEqual([
      ['loss', ['cpu', 'webgl']],
      ['examples/s', ['cpu']],
      ['odd name', ['']],
    ]);
  });

  it('make safe file names and readable dates', () => {
    expect(fileStem(race)).toBe('gpu-playground-race-2025-01-31T12-34-56');
    expect(fileStem({ ...race, createdAt: '' }, 'comparison')).toBe('gpu-playground-race-undated-comparison');
    expect(formatDate('')).toBe('date unknown');
  });
});
