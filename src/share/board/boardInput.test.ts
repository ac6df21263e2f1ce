import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { ROOM_RACE, roomResults, type RoomRace } from '../fixtures/classRoom';
import { encodeResultLink } from '../linkCodec';
import { sharedResultToJson, type SharedResult } from '../resultDoc';
import { edits, mutate } from '../testing/mutations';
import { boardEntryOf, resultId } from './boardEntry';
import { boardDocument, boardToJson, validateBoardDocument } from './boardDoc';
import { decodeBoardLink, linksIn, readFileText, readKept, readPasted } from './boardInput';
import { addReading, boardGroups, EMPTY_BOARD, type BoardReading } from './boardModel';
import { msg } from '../../i18n/message';

const BASE = 'http://localhost:5173/';
const CLASSIC: RoomRace = { ...ROOM_RACE, model: 'classic', batchSize: 64 };
const NEWER_APP: RoomRace = { ...ROOM_RACE, app: '0.2.0' };
/** Properties that count outcomes run from a fixed seed, so the counts cannot flake. */
const SEED = 20_250_314;
const HOSTILE_RUNS = 40;

const linkOf = async (result: SharedResult) => `${BASE}${await encodeResultLink(result)}`;

/** The line numbers of a reading's refusals that name a line. */
function refusedLines(reading: BoardReading): number[] {
  return reading.refusals.flatMap((r) => (r.where.id === 'board.where.line' ? [Number(r.where.values?.line)] : []));
}

describe('results pasted onto the board', () => {
  let room: SharedResult[] = [];
  let links: string[] = [];

  beforeAll(async () => {
    // 200 students: 120 ran the lesson's race, 50 a classic CNN race at batch 64, 30 the lesson's race on a newer app.
    room = [...roomResults(120, 1), ...roomResults(50, 2, CLASSIC), ...roomResults(30, 3, NEWER_APP)].map((r) => r.result);
    links = await Promise.all(room.map(linkOf));
  });

  it('reads 200 result links among a chat’s other text, and splits them by workload', async () => {
    const chat = links.flatMap((link, i) => (i % 10 === 0 ? [`Student ${i + 1} (10:${String(i % 60).padStart(2, '0')}): here is mine`, `  ${link}  `] : [i % 7 === 0 ? `see (${link}).` : link]));
    const reading = await readPasted(chat.join('\n'));
    expect(english(reading.refusals.flatMap((r) => r.errors))).toEqual([]);
    expect(reading.entries.map((e) => e.id)).toEqual(room.map(resultId));
    const board = addReading(EMPTY_BOARD, reading);
    const groups = boardGroups(board.entries);
    expect(groups.map((g) => [g.workload.model, g.workload.batchSize, g.workload.app, g.entries.length])).toEqual([
      ['tiny', 16, '0.1.0', 120],
      ['classic', 64, '0.1.0', 50],
      ['tiny', 16, '0.2.0', 30],
    ]);
    expect(groups[0].workload).toEqual({ kind: 'race', model: 'tiny', dataset: 'mnist', batchSize: 16, warmupSteps: 1, steps: 3, app: '0.1.0' });
  });

  it('counts a result pasted twice once, whether it came as a link, a JSON file or from History', async () => {
    const first = addReading(EMPTY_BOARD, await readPasted(links.slice(0, 30).join('\n')));
    expect(first.entries).toHaveLength(30);
    const again = addReading(first, await readPasted([links[0], links[1], links[1], links[40]].join('\n')));
    expect(again.entries).toHaveLength(31);
    expect(again.repeats).toEqual({ [resultId(room[0])]: 1, [resultId(room[1])]: 2 });
    const file = readFileText('result.json', sharedResultToJson(room[2]));
    const kept = readKept([{ result: room[3], where: msg('board.where.history', { row: 'run 1' }) }]);
    const third = addReading(addReading(again, file), kept);
    expect(third.entries).toHaveLength(31);
    expect(third.repeats[resultId(room[2])]).toBe(1);
    expect(third.repeats[resultId(room[3])]).toBe(1);
  });

  it('finds links on lines of chat, trimmed of the brackets and stops around them', () => {
    expect(linksIn('hello\n(http://x/#v=4&r=AbC_-). and http://x/#v=4&bd=Zz!\nno link here, just 3 = 4')).toEqual([
      { line: 2, link: 'http://x/#v=4&r=AbC_-' },
      { line: 2, link: 'http://x/#v=4&bd=Zz' },
    ]);
  });

  it('refuses hostile lines one by one with their line numbers, and keeps every good one (the hostile-link fuzz on a block of 50 lines)', async () => {
    const outcomes = { read: 0, refused: 0, text: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), edits), { minLength: 50, maxLength: 50 }), async (lines) => {
        const block = lines.map(([hostile, e], i) => (hostile ? mutate(links[i], e).replace(/\r\n|\r|\n/g, ' ') : links[i]));
        const reading = await readPasted(block.join('\n'));
        expect(reading.refusals.every((r) => r.errors.length > 0 && [r.where, ...r.errors].every(sayable))).toBe(true);
        const ids = new Set(reading.entries.map((e) => e.id));
        const refused = new Set(refusedLines(reading));
        lines.forEach(([hostile], i) => {
          const line = i + 1;
          if (!hostile) {
            expect(ids.has(resultId(room[i])), `good line ${line} kept`).toBe(true);
            expect(refused.has(line), `good line ${line} not refused`).toBe(false);
          } else if (refused.has(line)) outcomes.refused++;
          else if (linksIn(block[i]).length === 0) outcomes.text++;
          else outcomes.read++;
        });
        // Every refusal names a hostile line; every entry read reads back from a board document without a complaint.
        for (const line of refused) expect(lines[line - 1][0], `line ${line} is hostile`).toBe(true);
        expect(english(validateBoardDocument(JSON.parse(JSON.stringify(boardDocument(reading.entries)))).refusals.flatMap((r) => r.errors))).toEqual([]);
      }),
      { numRuns: HOSTILE_RUNS, seed: SEED },
    );
    console.log(`hostile lines: ${JSON.stringify(outcomes)}`);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('lists a board link’s refused rows under its line, and keeps the rest', async () => {
    const doc = boardDocument(room.slice(0, 5).map((r) => boardEntryOf(r)!)) as unknown as { rows: Record<string, unknown>[] };
    doc.rows[1].x = { webgl: -3 };
    doc.rows[3].id = 'Not An Id';
    const file = readFileText('board.json', JSON.stringify(doc));
    expect(file.entries).toHaveLength(3);
    expect(english(file.refusals.map((r) => r.where))).toEqual(['File board.json, board row 2', 'File board.json, board row 4']);
    expect(english(file.refusals[0].errors)).toEqual(['Board row 2: examples/s of webgl must be above 0 and at most 1000000000000 (got \'-3\')', 'Board row 2 has no examples/s of any backend']);
  });

  it('says why a paste, a file or a board link could not be read', async () => {
    expect(english((await readPasted('just chatting\nno links')).refusals.flatMap((r) => [r.where, ...r.errors]))).toEqual([
      'The pasted text',
      'There is no link of this app in it: a result link or a board link, as the Share and Copy buttons make them',
    ]);
    const damaged = await readPasted(`ok\n${links[0].slice(0, -40)}`);
    expect(english(damaged.refusals[0].where)).toBe('Line 2');
    expect(english(damaged.refusals[0].errors)[0]).toMatch(/^The shared result is damaged/);
    expect(english(readFileText('notes.json', '{not json').refusals[0].errors)).toEqual(['The file is not JSON: not an exported result or board']);
    expect(english(readFileText('old.json', JSON.stringify({ board: 7, workloads: [], rows: [] })).refusals[0].errors)).toEqual([
      'The class board is format 7, made by a newer version of the app (this page reads 2)',
    ]);
    expect(english((await decodeBoardLink('#v=4&view=board&bd=AAAA')).refusals[0].errors)[0]).toMatch(/^The class board is damaged/);
  });

  it('never throws on a board document with one part replaced by random JSON, and what it keeps reads back cleanly', () => {
    const doc = JSON.parse(boardToJson(room.slice(0, 6).map((r) => boardEntryOf(r)!))) as Record<string, unknown>;
    const paths = [['board'], ['workloads'], ['workloads', 0], ['workloads', 0, 'model'], ['workloads', 0, 'app'], ['rows'], ['rows', 0], ['rows', 1, 'x'], ['rows', 2, 'x', 'cpu'], ['rows', 3, 's'], ['rows', 4, 'g'], ['rows', 5, 'w']];
    const replacement = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(-5, 1e308, '', '<script>', '__proto__', null, [], {}, 'webgl', ['webgl']));
    fc.assert(
      fc.property(fc.constantFrom(...paths), replacement, (path, value) => {
        const patched = structuredClone(doc);
        let node = patched as Record<string | number, unknown>;
        for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
        node[path[path.length - 1]] = value;
        const reading = validateBoardDocument(patched);
        expect([...reading.errors, ...reading.refusals.flatMap((r) => [r.where, ...r.errors])].every(sayable)).toBe(true);
        const again = validateBoardDocument(JSON.parse(JSON.stringify(boardDocument(reading.entries))));
        expect(english(again.refusals.flatMap((r) => r.errors))).toEqual([]);
        expect(again.entries).toEqual(reading.entries);
      }),
      { numRuns: 1_000 },
    );
  });
});
