/**
 * What a teacher puts on the board, read with the same validators as a shared link: a pasted block
 * (links one per line, or among the chat's other text), dropped JSON files (a result's export or a
 * board's), results kept in this browser's History, and a board link. Each refused link or file is
 * listed with where it came from (its line number, its file name) and why; the rest are kept.
 * Never rejects.
 */
import { msg, type Message } from '../../i18n/message';
import { BOARD_KEY, linkTooLong, MAX_HASH_CHARS } from '../hashState';
import { decodeResultLink } from '../linkCodec';
import { part } from '../messages';
import { decodeJsonPayload, MAX_DECOMPRESSED_BYTES } from '../payloadCodec';
import { validateSharedResult, type SharedResult } from '../resultDoc';
import { boardEntryOf, type BoardEntry } from './boardEntry';
import { validateBoardDocument, type BoardDocReading } from './boardDoc';
import type { BoardReading, BoardRefusal } from './boardModel';

/** Lines read from one paste, at most (a class is 30, a board 1,000; a paste of a whole chat log is cut here). */
export const MAX_PASTED_LINES = 5_000;
/** A dropped file's size, at most: a result or board document is far smaller. */
export const MAX_BOARD_FILE_BYTES = MAX_DECOMPRESSED_BYTES;
/** Characters that open or close a link in a chat message (a link in brackets, at the end of a sentence) but never start or end one. */
const LEADING = /^[(\[{<'"“‘]+/;
const TRAILING = /[)\]}>.,;:!?'"“”‘’]+$/;
/** What marks a piece of text as a link the board reads: a hash, or a result or board payload. */
const LINK_MARK = new RegExp(`#|(^|[?&])(r|${BOARD_KEY})=`);

/** A link found in a pasted block, with its line (from 1). */
export interface PastedLink {
  line: number;
  link: string;
}

/** Every piece of a pasted block that looks like a link of this app, with its line number; other text is passed over. */
export function linksIn(text: string): PastedLink[] {
  const out: PastedLink[] = [];
  const lines = text.split(/\r\n|\n|\r/).slice(0, MAX_PASTED_LINES);
  lines.forEach((line, i) => {
    for (const token of line.split(/\s+/)) {
      const link = token.replace(LEADING, '').replace(TRAILING, '');
      if (link !== '' && LINK_MARK.test(link)) out.push({ line: i + 1, link });
    }
  });
  return out;
}

/** The hash part of a link (from `#`), or the whole text where it has none. */
function fragmentOf(link: string): string {
  const at = link.indexOf('#');
  return at < 0 ? link : link.slice(at);
}

/** Whether a link carries a board (`bd=`) rather than a result. */
export function isBoardLink(link: string): boolean {
  const body = fragmentOf(link).replace(/^#/, '');
  return body.split('&').some((p) => p.startsWith(`${BOARD_KEY}=`));
}

/** A result read cleanly as a board entry; a result the validator had anything to say about is refused with its reasons. */
function entryOrRefusal(result: SharedResult | null, errors: readonly Message[], where: Message): { entry: BoardEntry | null; refusal: BoardRefusal | null } {
  if (result === null || errors.length > 0) return { entry: null, refusal: { where, errors: errors.length ? [...errors] : [msg('check.board.unreadable')] } };
  const entry = boardEntryOf(result);
  return entry ? { entry, refusal: null } : { entry: null, refusal: { where, errors: [msg('check.board.noFigures')] } };
}

/** A board document's reading, its row refusals named under `where`. */
function fromDocument(reading: BoardDocReading, where: Message): BoardReading {
  if (reading.errors.length) return { entries: [], refusals: [{ where, errors: reading.errors }] };
  return { entries: reading.entries, refusals: reading.refusals.map((r) => ({ where: msg('board.where.within', { where, part: r.where }), errors: r.errors })) };
}

/** A board link's (or `bd=` payload's) entries; never rejects. */
export async function decodeBoardLink(link: string, where: Message = msg('board.where.boardLink')): Promise<BoardReading> {
  const fragment = fragmentOf(link);
  if (fragment.length > MAX_HASH_CHARS + 1) return { entries: [], refusals: [{ where, errors: [linkTooLong(fragment.length)] }] };
  const body = fragment.replace(/^#/, '');
  const param = body.split('&').find((p) => p.startsWith(`${BOARD_KEY}=`));
  const payload = param === undefined ? body : param.slice(BOARD_KEY.length + 1);
  try {
    const decoded = await decodeJsonPayload(payload, part('check.board.part.board'));
    if (!decoded.ok) return { entries: [], refusals: [{ where, errors: decoded.errors }] };
    return fromDocument(validateBoardDocument(decoded.value), where);
  } catch (error) {
    return { entries: [], refusals: [{ where, errors: [msg('check.unreadable', { what: part('check.board.part.board'), detail: error instanceof Error ? error.name : msg('error.unknown') })] }] };
  }
}

/** One link of a paste: a result link or a board link. */
async function readLink({ line, link }: PastedLink): Promise<BoardReading> {
  const where = msg('board.where.line', { line });
  if (isBoardLink(link)) return decodeBoardLink(link, where);
  const { result, errors } = await decodeResultLink(fragmentOf(link));
  const { entry, refusal } = entryOrRefusal(result, errors, where);
  return { entries: entry ? [entry] : [], refusals: refusal ? [refusal] : [] };
}

function merged(readings: readonly BoardReading[]): BoardReading {
  return { entries: readings.flatMap((r) => r.entries), refusals: readings.flatMap((r) => r.refusals) };
}

/** Every link in a pasted block, read in parallel, in line order. */
export async function readPasted(text: string): Promise<BoardReading> {
  const links = linksIn(text);
  if (links.length === 0) return { entries: [], refusals: text.trim() ? [{ where: msg('board.where.paste'), errors: [msg('check.board.noLinks')] }] : [] };
  return merged(await Promise.all(links.map(readLink)));
}

/** A dropped or chosen file's text: a result's JSON export or a board's JSON file. */
export function readFileText(name: string, text: string): BoardReading {
  const where = msg('board.where.file', { name });
  if (text.length > MAX_BOARD_FILE_BYTES) return { entries: [], refusals: [{ where, errors: [msg('check.board.fileTooLarge', { max: String(MAX_BOARD_FILE_BYTES) })] }] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { entries: [], refusals: [{ where, errors: [msg('check.board.notJson')] }] };
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, 'board')) return fromDocument(validateBoardDocument(value), where);
  const { result, errors } = validateSharedResult(value);
  const { entry, refusal } = entryOrRefusal(result, errors, where);
  return { entries: entry ? [entry] : [], refusals: refusal ? [refusal] : [] };
}

/** Results kept in this browser's History (already validated when they were read from storage). */
export function readKept(results: readonly { result: SharedResult; where: Message }[]): BoardReading {
  return merged(
    results.map(({ result, where }) => {
      const { entry, refusal } = entryOrRefusal(result, [], where);
      return { entries: entry ? [entry] : [], refusals: refusal ? [refusal] : [] };
    }),
  );
}
