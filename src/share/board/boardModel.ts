/**
 * The class board as data: every result added (each once, however often it was pasted), what was
 * refused and why, and the workloads the results fall into. Pure: the board's store (src/ui/board)
 * keeps one of these and the page only shows it.
 */
import { msg, type Message } from '../../i18n/message';
import { workloadKey, type BoardEntry, type BoardWorkload } from './boardEntry';

/** Results on one board, at most: a class, or a few, several times over. */
export const MAX_BOARD_ENTRIES = 1_000;
/** Refusals listed, at most (the newest kept); a paste of hostile lines cannot grow the page without end. */
export const MAX_BOARD_REFUSALS = 200;

/** Something that was not put on the board: where it came from (a line, a file, History, a board link) and why. */
export interface BoardRefusal {
  where: Message;
  errors: Message[];
}

export interface BoardState {
  /** Each result once, in the order they arrived (a result's number on the board is its place here, from 1). */
  entries: readonly BoardEntry[];
  /** How many more times a result was added after its first, by id. */
  repeats: Readonly<Record<string, number>>;
  refusals: readonly BoardRefusal[];
}

export const EMPTY_BOARD: BoardState = { entries: [], repeats: {}, refusals: [] };

/** What one paste, drop or pick brings: the entries read, and what was refused. */
export interface BoardReading {
  entries: BoardEntry[];
  refusals: BoardRefusal[];
}

/**
 * The board with a reading added: a result already there is counted again, not shown twice; past
 * MAX_BOARD_ENTRIES the rest is refused in one line. This reading's refusals replace the last one's
 * (their line numbers are those of this paste).
 */
export function addReading(state: BoardState, reading: BoardReading): BoardState {
  const known = new Set(state.entries.map((e) => e.id));
  const entries = [...state.entries];
  const repeats = { ...state.repeats };
  let left = 0;
  for (const entry of reading.entries) {
    if (known.has(entry.id)) repeats[entry.id] = (repeats[entry.id] ?? 0) + 1;
    else if (entries.length >= MAX_BOARD_ENTRIES) left++;
    else {
      known.add(entry.id);
      entries.push(entry);
    }
  }
  const full = left > 0 ? [{ where: msg('board.where.board'), errors: [msg('board.refused.full', { max: MAX_BOARD_ENTRIES, count: left })] }] : [];
  return { entries, repeats, refusals: [...reading.refusals, ...full].slice(-MAX_BOARD_REFUSALS) };
}

export function removeEntry(state: BoardState, id: string): BoardState {
  const repeats = { ...state.repeats };
  delete repeats[id];
  return { ...state, entries: state.entries.filter((e) => e.id !== id), repeats };
}

export function withoutRefusals(state: BoardState): BoardState {
  return state.refusals.length ? { ...state, refusals: [] } : state;
}

/** The extra copies of results on the board: pasted twice, counted once. */
export function duplicateCount(state: Pick<BoardState, 'repeats'>, ids?: ReadonlySet<string>): number {
  return Object.entries(state.repeats).reduce((sum, [id, n]) => (ids && !ids.has(id) ? sum : sum + n), 0);
}

/** Results that can be compared: the same workload (model, data set, batch, steps) measured by the same app version. */
export interface BoardGroup {
  key: string;
  workload: BoardWorkload;
  entries: BoardEntry[];
}

/** The board's groups, largest first (ties: the one whose first result arrived first). */
export function boardGroups(entries: readonly BoardEntry[]): BoardGroup[] {
  const groups = new Map<string, BoardGroup>();
  for (const entry of entries) {
    const key = workloadKey(entry.workload);
    const group = groups.get(key) ?? { key, workload: entry.workload, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.entries.length - a.entries.length);
}

/** The group to show: the chosen one while it has results, else the largest. */
export function chosenGroup(groups: readonly BoardGroup[], chosenKey: string | null): BoardGroup | null {
  return groups.find((g) => g.key === chosenKey) ?? groups[0] ?? null;
}
