import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CNN_TABLE } from './cnnConfig';
import { CNN_PRESETS } from './cnnPresets';
import { changedKeys, formLayout, groupsOpenedBy, HEADLINE_STATS, isDefault, MORE_CHARTS, moreFiguresOpened } from './firstView';
import { GAN_TABLE } from './ganConfig';
import { LAB_TABLE } from './labConfig';
import { LESSONS } from './lessons';
import { PANELS } from './panels';
import { formatValue, type Field, type SettingsTable } from './schema';
import { FORMS, VIEWS } from './views';

/** A form of every key but the backend (the views show it as a radio group of its own). */
const formKeys = (table: SettingsTable) => Object.keys(table.fields).filter((key) => key !== 'backend');

describe('the first view of each form', () => {
  it('shows what a first run needs and folds the rest into named groups', () => {
    expect(formLayout(CNN_TABLE, formKeys(CNN_TABLE))).toEqual({
      first: ['model', 'dataset', 'batchSize', 'epochs'],
      groups: [
        { group: 'training', keys: ['learningRate', 'trainExamples', 'testExamples', 'seed'] },
        { group: 'pipeline', keys: ['accumulationSteps', 'precision', 'prefetch', 'dataPlacement', 'memoryBudgetMb', 'checkpointEvery', 'gpuEngine'] },
      ],
    });
    expect(formLayout(GAN_TABLE, formKeys(GAN_TABLE)).first).toEqual(['model', 'dataset', 'batchSize', 'steps']);
    expect(formLayout(LAB_TABLE, ['model', 'dataset', 'batchSize', 'seed', 'warmupSteps', 'measuredSteps'])).toEqual({
      first: ['model', 'dataset', 'batchSize', 'warmupSteps', 'measuredSteps'],
      groups: [{ group: 'training', keys: ['seed'] }],
    });
    expect(formLayout(LAB_TABLE, ['matmulFrom', 'matmulTo', 'matmulWarmupRuns', 'matmulTimedRuns', 'sweepBudgetSeconds'])).toEqual({
      first: ['matmulFrom', 'matmulTo'],
      groups: [{ group: 'timing', keys: ['matmulWarmupRuns', 'matmulTimedRuns', 'sweepBudgetSeconds'] }],
    });
  });

  it('reads a value as its default by what it means, not how it is written; a refused value is a change', () => {
    expect(isDefault(CNN_TABLE, 'learningRate', '0.0010')).toBe(true);
    expect(isDefault(CNN_TABLE, 'learningRate', '1e-3')).toBe(true);
    expect(isDefault(CNN_TABLE, 'learningRate', undefined)).toBe(true);
    expect(isDefault(CNN_TABLE, 'learningRate', 'fast')).toBe(false);
    expect(isDefault(LAB_TABLE, 'backends', formatValue(LAB_TABLE.fields.backends.default))).toBe(true);
    expect(isDefault(LAB_TABLE, 'backends', 'cpu')).toBe(false);
    expect(changedKeys(CNN_TABLE, formKeys(CNN_TABLE), { seed: '7', batchSize: '32', epochs: '2' })).toEqual(['epochs', 'seed']);
  });

  it('opens a group when a link, a lesson or a preset sets one of its values to something other than its default', () => {
    const keys = formKeys(CNN_TABLE);
    expect(groupsOpenedBy(CNN_TABLE, keys, null, {})).toEqual([]);
    expect(groupsOpenedBy(CNN_TABLE, keys, null, { batchSize: '64', epochs: '3' })).toEqual([]);
    expect(groupsOpenedBy(CNN_TABLE, keys, null, { seed: '7', precision: 'float16' })).toEqual(['training', 'pipeline']);
    expect(groupsOpenedBy(CNN_TABLE, keys, null, { learningRate: 'fast' })).toEqual(['training']);
    // Only what changed opens a group: a group the user closed stays closed while its values stay.
    expect(groupsOpenedBy(CNN_TABLE, keys, { seed: '7' }, { seed: '7', batchSize: '64' })).toEqual([]);
    expect(groupsOpenedBy(CNN_TABLE, keys, { seed: '7' }, { seed: '8' })).toEqual(['training']);
    // Set back to the default: nothing to show.
    expect(groupsOpenedBy(CNN_TABLE, keys, { seed: '7' }, { seed: '42' })).toEqual([]);
  });

  it('opens the group of every folded setting a preset changes', () => {
    const table: SettingsTable = CNN_TABLE;
    const defaults = Object.fromEntries(Object.entries(CNN_TABLE.fields).map(([key, field]) => [key, formatValue(field.default)]));
    for (const preset of CNN_PRESETS) {
      const after = { ...defaults, ...Object.fromEntries(Object.entries(preset.settings).map(([key, value]) => [key, formatValue(value)])) };
      const expected = [...new Set(changedKeys(CNN_TABLE, Object.keys(preset.settings), after).flatMap((key) => table.fields[key].group ?? []))];
      expect(groupsOpenedBy(CNN_TABLE, formKeys(CNN_TABLE), defaults, after).sort(), preset.id).toEqual(expected.sort());
    }
    expect(CNN_PRESETS.find((p) => p.id === 'full')?.settings.trainExamples).not.toBe(CNN_TABLE.fields.trainExamples.default);
  });

  it('opens the group of every folded setting a shipped lesson step sets', () => {
    for (const lesson of Object.values(LESSONS)) {
      for (const step of lesson.steps) {
        const form = VIEWS[step.view].form;
        if (!form) continue;
        const table: SettingsTable = FORMS[form];
        const opened = groupsOpenedBy(table, Object.keys(table.fields), null, step.settings);
        for (const key of changedKeys(table, Object.keys(step.settings), step.settings)) {
          const group = table.fields[key].group;
          if (group) expect(opened, `${lesson.title}: ${key}`).toContain(group);
        }
      }
    }
  });

  it('never hides a value that is not its default (any table, any values)', () => {
    const tables: SettingsTable[] = [CNN_TABLE, GAN_TABLE, LAB_TABLE];
    const valueOf = (field: Field) =>
      field.kind === 'enum' ? fc.constantFrom(...field.options) : field.kind === 'list' ? fc.constant(formatValue(field.default)) : fc.integer({ min: 0, max: 3 }).map((n) => String(field.min + n));
    fc.assert(
      fc.property(
        fc.constantFrom(...tables).chain((table) =>
          fc.tuple(fc.constant(table), fc.record(Object.fromEntries(Object.entries(table.fields).map(([key, field]) => [key, valueOf(field)])), { requiredKeys: [] })),
        ),
        ([table, values]) => {
          const keys = Object.keys(table.fields);
          const opened = groupsOpenedBy(table, keys, null, values);
          for (const key of changedKeys(table, keys, values)) {
            const group = table.fields[key].group;
            if (group && !opened.includes(group)) return false;
          }
          return true;
        },
      ),
    );
  });
});

describe('the first figures of each training view', () => {
  it('keeps loss, accuracy, examples/s and step time in front, memory under "More figures"', () => {
    expect(HEADLINE_STATS.train).toEqual(expect.arrayContaining(['loss', 'test-accuracy', 'examples-per-sec', 'step-ms']));
    for (const view of ['train', 'gan'] as const) for (const chart of MORE_CHARTS[view]) expect(Object.keys(PANELS[view])).toContain(chart);
  });

  it('opens "More figures" when a lesson step shows one of its charts', () => {
    const [, memory] = LESSONS['memory-batch'].steps;
    expect(moreFiguresOpened('train', new Set(memory.panels))).toBe(true);
    expect(moreFiguresOpened('train', new Set(['setup', 'stats', 'chart-loss']))).toBe(false);
    expect(moreFiguresOpened('train', null)).toBe(false);
  });
});
