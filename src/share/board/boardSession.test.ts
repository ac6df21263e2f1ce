import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { roomResults } from '../fixtures/classRoom';
import { decodeViewHash } from '../hashState';
import { MAX_LINK_CHARS } from '../payloadCodec';
import { validateSharedResult } from '../resultDoc';
import { SettingsStore } from '../settingsStore';
import { FakeHost } from '../testing/fakeHost';
import { boardEntryOf, type BoardEntry } from './boardEntry';
import { boardLinkHash, boardPayloadThatFits, encodeBoardPayload } from './boardDoc';
import { decodeBoardLink } from './boardInput';
import { BoardSession } from './boardSession';

/** Entries as the board makes them: each result read through the validator first, as every way onto the board does. */
function entries(count: number, seed = 11): BoardEntry[] {
  return roomResults(count, seed).map(({ result }) => boardEntryOf(validateSharedResult(JSON.parse(JSON.stringify(result))).result!)!);
}

/** Resolves once the session's board link is measured (and written, when it fits). */
async function settled(session: BoardSession): Promise<void> {
  for (let i = 0; i < 200 && (session.getSnapshot().payload === null || session.getSnapshot().reading); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('the board link', () => {
  it('carries 30 results well within a result link’s limit, and reads back as the same board', async () => {
    const thirty = entries(30);
    const payload = await encodeBoardPayload(thirty);
    const hash = boardLinkHash(payload);
    console.log(`board link for 30 results: ${hash.length} characters of hash (payload ${payload.length})`);
    expect(payload.length).toBeLessThan(MAX_LINK_CHARS / 2);
    expect(decodeViewHash(hash)).toMatchObject({ view: 'board', errors: [], boardPayload: payload });
    const read = await decodeBoardLink(hash);
    expect(read.refusals).toEqual([]);
    expect(read.entries).toEqual(thirty);
  });

  it('says how many results fit when a board is too long for a link', async () => {
    const many = entries(1000, 12);
    const fit = await boardPayloadThatFits(many);
    if (fit.fits) throw new Error('1,000 results were expected to pass the link limit');
    expect(fit.total).toBe(1000);
    expect((await encodeBoardPayload(many.slice(0, fit.fitting))).length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect((await encodeBoardPayload(many.slice(0, fit.fitting + 1))).length).toBeGreaterThan(MAX_LINK_CHARS);
    console.log(`a board link holds ${fit.fitting} results`);
  });
});

describe('the board session', () => {
  it('keeps the board in the page’s link while it fits, and a fresh page with that link shows the same board', async () => {
    const host = new FakeHost('#v=4&view=board');
    const session = new BoardSession(new SettingsStore(host));
    session.start();
    const ten = entries(10);
    await session.add({ entries: ten, refusals: [] });
    await settled(session);
    expect(host.hash).toMatch(/^#v=4&view=board&bd=[A-Za-z0-9_-]+$/);
    expect(host.writes.at(-1)?.[1]).toBe('replace');
    expect(english(session.getSnapshot().said)).toBe('Added 10 results; none was already on the board; nothing refused.');

    const fresh = new BoardSession(new SettingsStore(new FakeHost(host.hash)));
    fresh.start();
    await settled(fresh);
    expect(fresh.getSnapshot().board.entries).toEqual(ten);

    // Back to before the board had results: the board follows the link.
    host.navigate('#v=4&view=board');
    expect(session.getSnapshot().board.entries).toEqual([]);
  });

  it('takes a board too long for a link out of the page’s link, and says how many would fit', async () => {
    const host = new FakeHost('#v=4&view=board');
    const session = new BoardSession(new SettingsStore(host));
    session.start();
    await session.add({ entries: entries(1000, 12), refusals: [] });
    await settled(session);
    expect(session.getSnapshot().payload).toMatchObject({ fits: false, total: 1000 });
    expect(host.hash).toBe('#v=4&view=board');
  });

  it('shows what it could read of a damaged board link, and says why', async () => {
    const session = new BoardSession(new SettingsStore(new FakeHost('#v=4&view=board&bd=AAAA')));
    session.start();
    await settled(session);
    const { board } = session.getSnapshot();
    expect(board.entries).toEqual([]);
    expect(english(board.refusals.map((r) => r.where))).toEqual(['The board link']);
  });
});
