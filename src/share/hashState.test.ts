import { describe, expect, it } from 'vitest';
import { parseField } from '../config/schema';
import { V1_LINKS } from './fixtures/v1Links';
import { decodeSettings, encodeSettings, MAX_HASH_CHARS, MAX_VALUE_CHARS } from './hashState';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { readField } from './settingsReader';
import {
  defaultConfigOf,
  defaultRaceSettings,
  RACE_SCHEMA,
  settingsRecordOf,
  WORKLOAD_IDS,
  WORKLOAD_SCHEMAS,
  type AnyRunConfig,
  type ShareField,
  type WorkloadId,
} from './shareSchemas';

/** Values worth a round trip, generated from the field itself: limits, default, every option, one between. */
function sampleValues(field: ShareField): unknown[] {
  if (field.kind === 'enum') return [...field.options];
  if (field.kind === 'list') return [[...field.default], field.options.slice(0, field.minItems), [...field.options], [...field.options].reverse()];
  const between = field.kind === 'int' ? Math.round((field.min + field.max) / 3) : field.min + (field.max - field.min) / 7;
  return [field.min, field.max, field.default, between];
}

function withSetting(workload: WorkloadId, key: string, value: unknown): AnyRunConfig {
  return { ...defaultConfigOf(workload), [key]: value } as AnyRunConfig;
}

const workloadCases = WORKLOAD_IDS.flatMap((workload) =>
  Object.entries(WORKLOAD_SCHEMAS[workload]).flatMap(([key, field]) => sampleValues(field).map((value) => ({ workload, key, value }))),
);
const raceCases = Object.entries(RACE_SCHEMA).flatMap(([key, field]) => sampleValues(field).map((value) => ({ key, value })));

describe('settings in the URL hash', () => {
  it('knows both workloads and keeps race keys apart from workload keys', () => {
    expect(WORKLOAD_IDS).toEqual(['cnn', 'gan']);
    for (const workload of WORKLOAD_IDS) {
      for (const key of Object.keys(RACE_SCHEMA)) expect(Object.keys(WORKLOAD_SCHEMAS[workload])).not.toContain(key);
    }
  });

  it.each(workloadCases)('round-trips $workload $key=$value', ({ workload, key, value }) => {
    const config = withSetting(workload, key, value);
    const hash = encodeSettings(config);
    const decoded = decodeSettings(hash);
    expect(decoded.errors).toEqual([]);
    expect(decoded.version).toBe(SCHEMA_VERSION);
    expect(decoded.config).toEqual(config);
  });

  it.each(raceCases)('round-trips race $key=$value', ({ key, value }) => {
    const race = { ...defaultRaceSettings(), [key]: value };
    const decoded = decodeSettings(encodeSettings(defaultConfigOf('cnn'), { race, view: 'race' }));
    expect(decoded.errors).toEqual([]);
    expect(decoded.race).toEqual(race);
    expect(decoded.view).toBe('race');
  });

  it('writes only non-default values, in schema order, after version and workload', () => {
    const config = { ...defaultConfigOf('cnn'), seed: 7, backend: 'cpu', batchSize: 128 } as AnyRunConfig;
    expect(encodeSettings(defaultConfigOf('cnn'))).toBe(`#v=${SCHEMA_VERSION}&w=cnn`);
    expect(encodeSettings(config)).toBe(`#v=${SCHEMA_VERSION}&w=cnn&backend=cpu&batchSize=128&seed=7`);
    const race = { ...defaultRaceSettings(), backends: ['webgpu', 'wasm'] as AnyRunConfig['backend'][] };
    expect(encodeSettings(config, { race, view: 'race' })).toBe(
      `#v=${SCHEMA_VERSION}&w=cnn&backend=cpu&batchSize=128&seed=7&backends=webgpu,wasm&view=race`,
    );
  });

  it('gives defaults for every missing field of every workload', () => {
    for (const workload of WORKLOAD_IDS) {
      const decoded = decodeSettings(`#v=2&w=${workload}`);
      expect(decoded.errors).toEqual([]);
      expect(decoded.config).toEqual(defaultConfigOf(workload));
      expect(decoded.race).toEqual(defaultRaceSettings());
      expect(decoded.view).toBeNull();
    }
    expect(decodeSettings('')).toMatchObject({ config: defaultConfigOf('cnn'), errors: [], version: SCHEMA_VERSION });
    expect(decodeSettings('#')).toMatchObject({ config: defaultConfigOf('cnn'), errors: [] });
  });

  it('refuses, for every numeric field, the values just outside the UI limits', () => {
    for (const workload of WORKLOAD_IDS) {
      for (const [key, field] of Object.entries(WORKLOAD_SCHEMAS[workload])) {
        if (field.kind === 'enum') continue;
        const step = field.kind === 'int' ? 1 : field.min === 0 ? 1e-9 : field.min / 2;
        for (const outside of [field.min - step, field.max + (field.kind === 'int' ? 1 : field.max)]) {
          const decoded = decodeSettings(`#v=2&w=${workload}&${key}=${outside}`);
          expect(parseField(field, outside).ok).toBe(false);
          expect(decoded.errors).toEqual([expect.stringContaining(`${field.label} must be between`)]);
          expect(settingsRecordOf(decoded.config)[key]).toBe(field.default);
        }
      }
    }
  });

  it('reads a v1 link: migrates lr, batch and b before decoding', () => {
    expect(Object.keys(MIGRATIONS).map(Number)).toEqual([1]);
    for (const { hash, expected } of V1_LINKS) {
      const decoded = decodeSettings(hash);
      expect(decoded.version).toBe(1);
      expect(decoded.errors).toEqual([]);
      expect(decoded.config).toEqual(expected);
    }
  });

  it('does not apply the v1 renames to a v2 link', () => {
    const decoded = decodeSettings('#v=2&w=cnn&lr=0.5');
    expect(decoded.errors).toEqual(["Unknown setting 'lr' ignored"]);
    expect(decoded.config).toEqual(defaultConfigOf('cnn'));
  });

  const OVERSIZED_HASH = `#v=2&w=cnn&seed=1${'&x=1'.repeat(MAX_HASH_CHARS / 4)}`;
  const hostile: [string, string, string[]][] = [
    ['a link truncated mid-value', '#v=2&w=cnn&batchSize=128&backend=webg', [
      "Backend must be one of cpu, wasm, webgl, webgpu (got 'webg'); using the default, webgl",
    ]],
    ['unknown key', '#v=2&w=cnn&foo=1&bar', ["Unknown setting 'foo' ignored", "Unknown setting 'bar' ignored"]],
    ['script in an enum field', '#v=2&w=cnn&backend=%3Cscript%3Ealert(1)%3C%2Fscript%3E', [
      "Backend must be one of cpu, wasm, webgl, webgpu (got '<script>alert(1)</script>'); using the default, webgl",
    ]],
    ['1e308', '#v=2&w=cnn&batchSize=1e308', ["Batch size must be between 1 and 4096 examples (got '1e308'); using the default, 64"]],
    ['negative size', '#v=2&w=cnn&batchSize=-5', ["Batch size must be between 1 and 4096 examples (got '-5'); using the default, 64"]],
    ['NaN', '#v=2&w=cnn&learningRate=NaN', ["Learning rate must be a number (got 'NaN'); using the default, 0.001"]],
    ['Infinity', '#v=2&w=cnn&epochs=Infinity', ["Epochs must be a number (got 'Infinity'); using the default, 5"]],
    ['hex number', '#v=2&w=cnn&epochs=0x10', ["Epochs must be a number (got '0x10'); using the default, 5"]],
    ['fraction for an int', '#v=2&w=cnn&seed=1.5', ["Seed must be a whole number (got '1.5'); using the default, 42"]],
    ['empty value', '#v=2&w=cnn&seed=', ["Seed must be a number (got ''); using the default, 42"]],
    ['unknown workload', '#v=2&w=rnn&batchSize=32', ["Unknown workload 'rnn'; using cnn"]],
    ['future version', '#v=9&w=cnn', [
      'This link comes from a newer version of the app (format 9, this page reads 2); some parts may not be read',
    ]],
    ['unreadable version', '#v=two&w=cnn', ['This link has an unreadable version; it was read as version 2']],
    ['duplicate key', '#v=2&w=cnn&seed=1&seed=2', ["Setting 'seed' appears more than once; the first value was used"]],
    ['bad percent-encoding', '#v=2&w=cnn&model=%E0%A4%A', ["Setting 'model=%E0%A4%A' is not properly URL-encoded and was ignored"]],
    ['unknown backend in a race', '#v=2&w=cnn&backends=cpu,cuda', [
      "Backends must be a list of cpu, wasm, webgl, webgpu (got 'cpu,cuda'); using the default, cpu,webgl,webgpu",
    ]],
    ['repeated backend in a race', '#v=2&w=cnn&backends=cpu,cpu', [
      "Backends lists cpu twice (got 'cpu,cpu'); using the default, cpu,webgl,webgpu",
    ]],
    ['empty race', '#v=2&w=cnn&backends=', ["Backends must list between 1 and 4 items (got ''); using the default, cpu,webgl,webgpu"]],
    ['race steps out of range', '#v=2&w=cnn&measuredSteps=0&warmupSteps=1001', [
      "Warm-up steps must be between 0 and 1000 steps (got '1001'); using the default, 3",
      "Measured steps must be between 1 and 10000 steps (got '0'); using the default, 20",
    ]],
    ['markup as a view', '#v=2&w=cnn&view=%3Cimg%20src%3Dx%3E', ["View '<img src=x>' is not a view name and was ignored"]],
    ['oversized value', `#v=2&w=cnn&model=${'a'.repeat(MAX_VALUE_CHARS + 1)}`, [
      `Setting 'model' is longer than ${MAX_VALUE_CHARS} characters and was ignored`,
    ]],
    ['oversized key', `#v=2&w=cnn&${'k'.repeat(65)}=1`, ['A setting name longer than 64 characters was ignored']],
    ['oversized hash', OVERSIZED_HASH, [
      `The link is too long (${OVERSIZED_HASH.length - 1} characters; the limit is ${MAX_HASH_CHARS}) and was not read`,
    ]],
    ['prototype keys', '#v=2&w=cnn&__proto__=1&constructor=2', ["Unknown setting '__proto__' ignored", "Unknown setting 'constructor' ignored"]],
  ];

  it.each(hostile)('survives %s with a specific message and defaults elsewhere', (_name, hash, errors) => {
    const decoded = decodeSettings(hash);
    expect(decoded.errors).toEqual(errors);
    for (const [key, field] of Object.entries(WORKLOAD_SCHEMAS[decoded.config.workload])) {
      expect(readField(field, settingsRecordOf(decoded.config)[key]).ok).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps what it could read next to what it could not', () => {
    const decoded = decodeSettings('#v=2&w=gan&model=dcgan&batchSize=-1&digit=7&evil=%3Cscript%3E');
    expect(decoded.config).toEqual({ ...defaultConfigOf('gan'), model: 'dcgan', digit: '7' });
    expect(decoded.errors).toHaveLength(2);
  });

  it('caps a flood of problems at a readable list', () => {
    const hash = `#v=2&${Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&')}`;
    const errors = decodeSettings(hash).errors;
    expect(errors).toHaveLength(13);
    expect(errors[12]).toBe('…and 488 more problems');
  });
});
