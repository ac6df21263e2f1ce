import { describe, expect, it } from 'vitest';
import { CNN_TABLE } from '../../config/cnnConfig';
import { LAB_TABLE } from '../../config/labConfig';
import { formErrorDetails, type SettingsTable } from '../../config/schema';
import type { Locale } from '../../config/locales';
import { settingId, tableIdOf } from '../../i18n/tableMessages';
import { Translator, type MessageId } from '../../i18n/translator';
import type { T } from '../i18n/useT';
import { refusalText } from './refusalText';

/** The page's `t`, over the pure Translator (what react-intl does on the page). */
function tFor(locale: Locale): T {
  const tr = new Translator(locale);
  return Object.assign((id: MessageId, values?: Record<string, string | number>) => tr.t(id, values), {
    setting: (table: SettingsTable, key: string, part: string) => tr.t(`${settingId(tableIdOf(table), key)}.${part}` as MessageId),
  }) as unknown as T;
}

describe('a refused setting in the page’s language', () => {
  const bad = { batchSize: '0', learningRate: 'fast', seed: '1.5', epochs: '0x10', model: 'huge' };

  it('says in English exactly what the table’s validator says', () => {
    const errors = formErrorDetails(CNN_TABLE, bad);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(bad).sort());
    for (const error of Object.values(errors)) expect(refusalText(CNN_TABLE, error, tFor('en'))).toBe(error.message);
    const lab = formErrorDetails(LAB_TABLE, { backends: 'cpu,cpu', batchFrom: '3' });
    for (const error of Object.values(lab)) expect(refusalText(LAB_TABLE, error, tFor('en'))).toBe(error.message);
  });

  it('says it in Chinese with the Chinese label and unit', () => {
    const errors = formErrorDetails(CNN_TABLE, bad);
    expect(refusalText(CNN_TABLE, errors.batchSize, tFor('zh-CN'))).toBe("批大小必须在 1 到 4096 个样本之间（输入为 '0'）");
    expect(refusalText(CNN_TABLE, errors.learningRate, tFor('zh-CN'))).toBe("学习率必须是数字（输入为 'fast'）");
  });
});
