import { describe, expect, it } from 'vitest';
import { sampleCnnCheckpoint, sampleGanCheckpoint } from '../engine/protocol/checkpointFixtures';
import { encodeCheckpoint } from '../engine/protocol/checkpointFormat';
import { english } from '../i18n/testing/english';
import { Translator } from '../i18n/translator';
import { continueGanConfig, ganModelDetail, ganModelTitle, isGanHeader, readGanFile } from './ganFiles';

const bytesOf = (checkpoint: Parameters<typeof encodeCheckpoint>[0]) => encodeCheckpoint(checkpoint).buffer as ArrayBuffer;

describe('a GAN run’s file on the page', () => {
  it('reads a GAN file’s header and refuses a CNN model’s file, a damaged one and foreign bytes with a sentence', () => {
    const reading = readGanFile(bytesOf(sampleGanCheckpoint()));
    if (!reading.ok) throw new Error(english(reading.error));
    expect(reading.header.config).toMatchObject({ workload: 'gan', model: 'mlp', steps: 200 });
    expect(reading.header.progress.step).toBe(50);
    expect('tensors' in reading.header).toBe(false);

    const cnn = readGanFile(bytesOf(sampleCnnCheckpoint()));
    expect(!cnn.ok && english(cnn.error)).toBe('A continued run keeps the saved run’s settings; these differ: workload.');
    const cut = readGanFile(bytesOf(sampleGanCheckpoint()).slice(0, 40));
    expect(!cut.ok && english(cut.error)).toMatch(/^Not a usable checkpoint: /);
    const foreign = readGanFile(new TextEncoder().encode('PK\u0003\u0004 a zip, not a checkpoint').buffer as ArrayBuffer);
    expect(!foreign.ok && english(foreign.error)).toMatch(/^Not a usable checkpoint: /);
  });

  it('continues to the run’s own step count on the backend asked, or as many steps again once reached; never past the Steps limit', () => {
    const { tensors: _tensors, ...header } = sampleGanCheckpoint();
    expect(continueGanConfig(header, 'wasm')).toMatchObject({ backend: 'wasm', steps: 200 });
    const done = { ...header, progress: { ...header.progress, step: 200 } };
    expect(continueGanConfig(done, 'webgl')).toMatchObject({ backend: 'webgl', steps: 400 });
    const atLimit = { ...done, config: { ...done.config, steps: 600_000 }, progress: { ...done.progress, step: 600_000 } };
    expect(continueGanConfig(atLimit, 'webgl')).toBeNull();
  });

  it('describes a GAN run saved in this browser: its model and data set; its step of its steps, last D and G losses and backend, in both languages', () => {
    const { tensors: _tensors, ...header } = sampleGanCheckpoint();
    expect(isGanHeader(header)).toBe(true);
    expect(ganModelTitle(header.config)).toBe('MLP GAN on MNIST digits');
    expect(ganModelDetail(header)).toBe('step 50 of 200 · D loss 1.1 · G loss 0.9 · trained on WebGL');
    const long = { ...header, config: { ...header.config, steps: 2000, backend: 'wasm' as const }, progress: { ...header.progress, step: 1200 } };
    expect(ganModelDetail(long)).toBe('step 1,200 of 2,000 · D loss 1.1 · G loss 0.9 · trained on WebAssembly SIMD');
    // A run saved before its first loss was read has no curves: only its progress and backend.
    expect(ganModelDetail({ ...header, summary: { dLossCurve: [], gLossCurve: [] } })).toBe('step 50 of 200 · trained on WebGL');
    const zh = new Translator('zh-CN');
    expect(ganModelTitle(header.config, zh)).toBe(`${zh.t('dataset.mnist')}上的MLP GAN`);
    expect(ganModelDetail(header, zh)).toBe(`第 50 / 200 步 · D 损失 1.1 · G 损失 0.9 · 在 ${zh.t('backend.webgl')} 上训练`);
    const { tensors: _cnnTensors, ...cnn } = sampleCnnCheckpoint();
    expect(isGanHeader(cnn)).toBe(false);
  });
});
