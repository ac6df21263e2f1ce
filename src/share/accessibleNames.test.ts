import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../config/cnnConfig';
import { defaultGanConfig } from '../config/ganConfig';
import { Translator } from '../i18n/translator';
import { typicalRaceResult } from './fixtures/typicalRace';
import { damagedModelDeleteName, historyActionNames, historyRowName, savedModelActionNames, shortDateTime } from './accessibleNames';

/** 31 Jan 2025, 14:02 in this machine's time zone, as the page would show it. */
const AT = new Date(2025, 0, 31, 14, 2).toISOString();

describe('names of list rows and their buttons', () => {
  const race = typicalRaceResult();

  it('says the date and time of a run the short way, or that it is unknown', () => {
    expect(shortDateTime(AT)).toBe('31 Jan 2025, 14:02');
    expect(shortDateTime(new Date(2025, 10, 3, 9, 5).toISOString())).toBe('3 Nov 2025, 09:05');
    expect(shortDateTime('')).toBe('date unknown');
    expect(shortDateTime('not a date')).toBe('date unknown');
  });

  it('names a history row by its number, model, backend and time, from the model and backend tables', () => {
    const cnn = { ...race, race: null, config: { ...defaultCnnConfig(), model: 'classic' as const, backend: 'webgl' as const } };
    expect(historyRowName({ createdAt: AT, result: cnn }, 3)).toBe('run 3: Classic CNN on WebGL, 31 Jan 2025, 14:02');
    expect(historyRowName({ createdAt: AT, result: { ...race, race: null, config: defaultGanConfig() } }, 1)).toBe('run 1: MLP GAN on WebGL, 31 Jan 2025, 14:02');
    expect(historyRowName({ createdAt: AT, result: race }, 2)).toBe('run 2: race of Classic CNN on CPU (plain JS), WebGL, WebGPU · TensorFlow.js, 31 Jan 2025, 14:02');
  });

  it("gives each row's buttons names that differ from the other rows'", () => {
    const names = [1, 2].map((n) => historyActionNames(historyRowName({ createdAt: AT, result: race }, n)));
    expect(names[0]).toEqual({
      view: 'View run 1: race of Classic CNN on CPU (plain JS), WebGL, WebGPU · TensorFlow.js, 31 Jan 2025, 14:02',
      delete: 'Delete run 1: race of Classic CNN on CPU (plain JS), WebGL, WebGPU · TensorFlow.js, 31 Jan 2025, 14:02',
      select: 'Select run 1: race of Classic CNN on CPU (plain JS), WebGL, WebGPU · TensorFlow.js, 31 Jan 2025, 14:02 for comparison',
      loadModel: 'Load its model, run 1: race of Classic CNN on CPU (plain JS), WebGL, WebGPU · TensorFlow.js, 31 Jan 2025, 14:02',
    });
    for (const key of ['view', 'delete', 'select', 'loadModel'] as const) expect(names[0][key]).not.toBe(names[1][key]);
  });

  it('names rows and buttons in Chinese with a Chinese translator', () => {
    const zh = new Translator('zh-CN');
    expect(shortDateTime(AT, zh)).toBe('2025年1月31日 14:02');
    expect(shortDateTime('', zh)).toBe('日期未知');
    const cnn = { ...race, race: null, config: { ...defaultCnnConfig(), model: 'classic' as const, backend: 'webgl' as const } };
    const row = historyRowName({ createdAt: AT, result: cnn }, 3, zh);
    expect(row).toBe(`第 3 次运行：WebGL 上的${zh.t('model.cnn.classic.label')}，2025年1月31日 14:02`);
    expect(historyActionNames(row, zh).view).toBe(`查看${row}`);
    expect(savedModelActionNames('小型 CNN', 20, AT, 2, zh).download).toBe('下载已保存的模型 2：小型 CNN，第 20 步，2025年1月31日 14:02');
  });

  it('names a saved model row the same way', () => {
    expect(savedModelActionNames('Tiny CNN on MNIST digits', 20, AT, 2)).toEqual({
      load: 'Load saved model 2: Tiny CNN on MNIST digits, step 20, 31 Jan 2025, 14:02',
      download: 'Download saved model 2: Tiny CNN on MNIST digits, step 20, 31 Jan 2025, 14:02',
      delete: 'Delete saved model 2: Tiny CNN on MNIST digits, step 20, 31 Jan 2025, 14:02',
    });
  });

  it('names the Delete of a saved model that cannot be read, with or without its date', () => {
    expect(damagedModelDeleteName(AT, 3)).toBe('Delete unreadable saved model 3, 31 Jan 2025, 14:02');
    expect(damagedModelDeleteName(null, 1)).toBe('Delete unreadable saved model 1, date unknown');
    expect(damagedModelDeleteName(AT, 3, new Translator('zh-CN'))).toBe('删除无法读取的已保存模型 3，2025年1月31日 14:02');
  });
});
