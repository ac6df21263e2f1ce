import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../config/cnnConfig';
import { encodeCheckpoint, type Checkpoint } from '../engine/protocol/checkpointFormat';
import { sampleGanCheckpoint } from '../engine/protocol/checkpointFixtures';
import { sampleCheckpoint } from './fixtures/savedModel';
import { continueConfig, exportFolderName, modelDetail, modelFileName, modelTitle, readModelFile, readSavedFile, savedFileDetail, savedFileTitle } from './savedModels';
import { MessageError } from '../i18n/message';
import { english } from '../i18n/testing/english';

const bytesOf = (checkpoint: Checkpoint): ArrayBuffer => encodeCheckpoint(checkpoint).buffer as ArrayBuffer;

describe('saved models as the page describes them', () => {
  it('reads a saved model through the one checkpoint validator and describes it', () => {
    const reading = readModelFile(bytesOf(sampleCheckpoint()));
    if (!reading.ok) throw new MessageError(reading.error);
    expect(modelTitle(reading.header.config)).toBe('Tiny CNN on MNIST digits');
    expect(modelDetail(reading.header)).toBe('step 3 (epoch 1 of 1) · loss 1.25 · test accuracy 62.5% · trained on WebGL');
    expect(modelFileName(reading.header.config, 3)).toBe('gpu-playground-tiny-mnist-step3.gpck');
    expect(exportFolderName({ ...reading.header.config, dataset: 'fashion-mnist' })).toBe('gpu-playground-tiny-fashion-mnist-keras');
    const own = { ...reading.header.config, dataset: 'own:0123456789abcdef' } as const;
    expect(modelTitle(own)).toBe('Tiny CNN on your data set own:0123456789abcdef');
    expect(modelFileName(own, 3)).toBe('gpu-playground-tiny-own-0123456789abcdef-step3.gpck');
  });

  it("refuses a damaged or foreign file with the validator's sentence, never throwing", () => {
    const good = new Uint8Array(bytesOf(sampleCheckpoint()));
    const refusal = (bytes: ArrayBuffer) => {
      const reading = readModelFile(bytes);
      return reading.ok ? null : english(reading.error);
    };
    expect(refusal(good.slice(0, good.length - 4).buffer)).toMatch(/^Not a usable checkpoint: it is cut short/);
    expect(refusal(new TextEncoder().encode('{"modelTopology":{}}').buffer)).toBe('Not a usable checkpoint: it does not start with GPCK.');
    expect(refusal(new ArrayBuffer(0))).toBe('Not a usable checkpoint: it is shorter than its own preamble.');
    // A GAN run's checkpoint is a valid file, but not a model the page keeps or loads.
    expect(refusal(bytesOf(sampleGanCheckpoint()))).toBe('Not a usable checkpoint: it holds a GAN run, not a CNN model.');
  });

  it('reads either kind from this browser’s saved models, described by its own kind; refuses damaged bytes with the validator’s sentence', () => {
    const cnn = readSavedFile(bytesOf(sampleCheckpoint()));
    if (!cnn.ok) throw new MessageError(cnn.error);
    expect(savedFileTitle(cnn.header)).toBe('Tiny CNN on MNIST digits');
    expect(savedFileDetail(cnn.header)).toBe('step 3 (epoch 1 of 1) · loss 1.25 · test accuracy 62.5% · trained on WebGL');
    const gan = readSavedFile(bytesOf(sampleGanCheckpoint()));
    if (!gan.ok) throw new MessageError(gan.error);
    expect('tensors' in gan.header).toBe(false);
    expect(savedFileTitle(gan.header)).toBe('MLP GAN on MNIST digits');
    expect(savedFileDetail(gan.header)).toBe('step 50 of 200 · D loss 1.1 · G loss 0.9 · trained on WebGL');
    const cut = readSavedFile(bytesOf(sampleGanCheckpoint()).slice(0, 40));
    expect(!cut.ok && english(cut.error)).toMatch(/^Not a usable checkpoint: /);
  });

  it('continues a finished run for one more epoch, a stopped one to its own end, on the backend asked for', () => {
    const header = (step: number, epochs: number) => {
      const reading = readModelFile(bytesOf(sampleCheckpoint(step, epochs)));
      if (!reading.ok) throw new MessageError(reading.error);
      return reading.header;
    };
    expect(continueConfig(header(3, 1), 'cpu')).toMatchObject({ backend: 'cpu', epochs: 2, seed: defaultCnnConfig().seed, model: 'tiny' });
    expect(continueConfig(header(4, 2), 'wasm')).toMatchObject({ backend: 'wasm', epochs: 2 });
    expect(continueConfig(header(300, 100), 'cpu')).toBeNull();
  });

  it('counts an own data set’s epochs by its size, not the Training examples setting', () => {
    const reading = readModelFile(bytesOf(sampleCheckpoint(2, 1)));
    if (!reading.ok) throw new MessageError(reading.error);
    // 100 training examples at batch 32 would be 3 steps an epoch; a set of 64 training images makes 2, so step 2 ended the run.
    const onShapes = { ...reading.header, config: { ...reading.header.config, dataset: 'own:0123456789abcdef' as const } };
    expect(continueConfig(onShapes, 'cpu', { trainCount: 64, testCount: 16 })).toMatchObject({ epochs: 2 });
    expect(continueConfig(onShapes, 'cpu', { trainCount: 500, testCount: 100 })).toMatchObject({ epochs: 1 });
  });
});
