import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { Translator } from '../../i18n/translator';
import { ownSetResult, SHAPES_FACTS, SHAPES_HASH, SHAPES_ID, type CnnResult } from '../fixtures/ownDataset';
import { encodeResultLink } from '../linkCodec';
import type { SharedResult } from '../resultTypes';
import { boardDocument, boardToJson, validateBoardDocument } from './boardDoc';
import { boardEntryOf, type BoardEntry } from './boardEntry';
import { readPasted } from './boardInput';
import { boardGroups } from './boardModel';
import { workloadMessage } from './boardText';

const OTHER_HASH = `${SHAPES_HASH.slice(0, 16)}${'f'.repeat(48)}`;
const DOTS_HASH = 'fedcba9876543210'.repeat(4);

/** A student's run on Shapes (or on another set), told apart from the others by its date. */
function student(n: number, patch: Partial<CnnResult> = {}): CnnResult {
  return { ...ownSetResult(), createdAt: `2026-02-0${n}T10:00:00.000Z`, ...patch };
}

function onSet(n: number, hash: string, name: string): SharedResult {
  const result = student(n);
  return { ...result, config: { ...result.config, dataset: `own:${hash.slice(0, 16)}` }, ownDataset: { ...SHAPES_FACTS, hash, name } };
}

const entryOf = (result: SharedResult): BoardEntry => {
  const entry = boardEntryOf(result);
  if (!entry) throw new Error('no entry');
  return entry;
};

describe('the class board and data sets of your own', () => {
  it('compares results on the same own set (same hash) and keeps other sets apart, as MNIST and Fashion-MNIST are', () => {
    const mnist = student(5, { config: { ...student(5).config, dataset: 'mnist' }, ownDataset: undefined });
    const fashion = student(6, { config: { ...student(6).config, dataset: 'fashion-mnist' }, ownDataset: undefined });
    const entries = [student(1), student(2), onSet(3, DOTS_HASH, 'Dots'), onSet(4, OTHER_HASH, 'Shapes'), mnist, fashion].map(entryOf);
    const groups = boardGroups(entries);
    expect(groups.map((g) => g.entries.length).sort()).toEqual([1, 1, 1, 1, 2]);
    const shapes = groups.find((g) => g.entries.length === 2);
    expect(shapes?.workload).toMatchObject({ dataset: SHAPES_ID, own: { hash: SHAPES_HASH } });
    // The same 16-digit id with another full hash is another set.
    expect(groups.filter((g) => g.workload.dataset === SHAPES_ID)).toHaveLength(2);
  });

  it('names the set by its name and size, in English and Chinese; an older result by its id', () => {
    const { workload } = entryOf(student(1));
    expect(english(workloadMessage(workload))).toContain('CNN run: Classic CNN, Shapes (your own: 28 × 28 grayscale, 3 classes, 96 + 24 images), batch 64');
    expect(new Translator('zh-CN').say(workloadMessage(workload))).toContain('Shapes（你自己的：28 × 28 灰度，3 个类别，96 + 24 张图像）');
    const older = entryOf(student(2, { ownDataset: undefined }));
    expect(english(workloadMessage(older.workload))).toContain(`your data set ${SHAPES_ID}`);
  });

  it('counts the steps an own set smaller than the Training examples setting gives', () => {
    // 5 epochs of 96 images at batch 64: 2 batches an epoch, not 60,000 / 64.
    expect(entryOf(student(1)).workload.steps).toBe(10);
  });

  it('carries the set through the board document and its link, and reads it back the same', async () => {
    const entries = [student(1), student(2), onSet(3, DOTS_HASH, 'Dots')].map(entryOf);
    const reading = validateBoardDocument(JSON.parse(boardToJson(entries)));
    expect(reading.errors).toEqual([]);
    expect(reading.refusals).toEqual([]);
    expect(reading.entries).toEqual(entries);
    const pasted = await readPasted((await Promise.all([student(1), student(2)].map(encodeResultLink))).map((hash) => `http://localhost:5173/${hash}`).join('\n'));
    expect(pasted.refusals).toEqual([]);
    expect(pasted.entries.map((e) => e.workload.own)).toEqual([SHAPES_FACTS, SHAPES_FACTS]);
  });

  const hostile: [string, (w: Record<string, unknown>) => void, string][] = [
    ['another set’s hash', (w) => void ((w.own as Record<string, unknown>).hash = DOTS_HASH), `its hash is not that of ${SHAPES_ID}, the data set the run used`],
    ['10,000 classes', (w) => void ((w.own as Record<string, unknown>).classes = 10_000), 'classes must be a whole number from 2 to 100'],
    ['an overlong name', (w) => void ((w.own as Record<string, unknown>).name = 'x'.repeat(500)), 'its name must be text of 1 to 80 characters'],
    ['a class name list too long', (w) => void ((w.own as Record<string, unknown>).classNames = ['a', 'b', 'c', 'd']), 'its class names must be 3 different texts'],
    ['facts on a shipped set', (w) => void (w.dataset = 'mnist'), "the run used 'mnist', not a data set of your own"],
    ['an own id on a race', (w) => void (w.kind = 'race'), "dataset must be one of mnist, fashion-mnist (got 'own:0123456789abcdef')"],
    ['an id that is not one', (w) => void (w.dataset = 'own:xyz'), "dataset must be one of mnist, fashion-mnist, own:<16 hex digits> (got 'own:xyz')"],
  ];
  for (const [name, patch, said] of hostile) {
    it(`refuses a workload with ${name} in a sentence, with its rows, and keeps the others`, () => {
      const doc = JSON.parse(boardToJson([student(1), onSet(3, DOTS_HASH, 'Dots')].map(entryOf))) as { workloads: Record<string, unknown>[] };
      patch(doc.workloads[0]);
      const reading = validateBoardDocument(doc);
      expect(reading.entries).toHaveLength(1);
      expect(reading.entries[0].workload.own?.name).toBe('Dots');
      const said0 = english(reading.refusals.flatMap((r) => r.errors));
      expect(said0.join(' ')).toContain(said);
      expect(said0.join(' ')).toContain('Board row 1 belongs to workload 1, which was refused');
    });
  }

  it('never throws on a board of own sets with a part of a set replaced by random JSON, and what it keeps reads back cleanly', () => {
    const doc = JSON.parse(boardToJson([student(1), onSet(3, DOTS_HASH, 'Dots')].map(entryOf))) as Record<string, unknown>;
    const keys = ['name', 'classes', 'classNames', 'trainCount', 'testCount', 'hash'];
    const paths = [['workloads', 0, 'dataset'], ['workloads', 0, 'own'], ...keys.map((k) => ['workloads', 1, 'own', k]), ['workloads', 0, 'own', 'classNames', 1]];
    const replacement = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(-5, 1e308, '', '__proto__', null, [], {}, 'mnist', SHAPES_ID, DOTS_HASH, 'x'.repeat(81)));
    fc.assert(
      fc.property(fc.constantFrom(...paths), replacement, (path, value) => {
        const patched = structuredClone(doc);
        let node = patched as Record<string | number, unknown>;
        for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
        node[path[path.length - 1]] = value;
        const reading = validateBoardDocument(patched);
        expect([...reading.errors, ...reading.refusals.flatMap((r) => [r.where, ...r.errors])].every(sayable)).toBe(true);
        for (const entry of reading.entries) if (entry.workload.own) expect(entry.workload.dataset).toBe(`own:${entry.workload.own.hash.slice(0, 16)}`);
        const again = validateBoardDocument(JSON.parse(JSON.stringify(boardDocument(reading.entries))));
        expect(english(again.refusals.flatMap((r) => r.errors))).toEqual([]);
        expect(again.entries).toEqual(reading.entries);
      }),
      { numRuns: 500 },
    );
  });
});
