/**
 * The page's store for a data set being made by drawing or with the camera: the board
 * (drawingBoard.ts) kept outside any component, so the examples survive switching views, and the
 * last thing done as a message for the panel's live region. Making the set goes through ownDataSession.
 */
import type { RawPicture } from '../../engine/protocol/ownData';
import { msg, type Message } from '../../i18n/message';
import { chosen, drawnClasses, emptyBoard, isReady, nameOf, renamed, undone, withClassCount, withExample, type DrawingBoard, type ExampleSource } from './drawingBoard';
import { ownDataSession } from './ownDataSession';

export interface DrawingState {
  readonly board: DrawingBoard;
  /** What the last Add or Undo did, said in the panel's live region. */
  readonly said: Message | null;
}

let state: DrawingState = { board: emptyBoard(), said: null };
const listeners = new Set<() => void>();

function update(next: Partial<DrawingState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const drawingSession = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): DrawingState => state,
  setClassCount(count: number): void {
    update({ board: withClassCount(state.board, count) });
  },
  rename(index: number, name: string): void {
    update({ board: renamed(state.board, index, name) });
  },
  choose(index: number): void {
    update({ board: chosen(state.board, index) });
  },
  add(picture: RawPicture, from: ExampleSource): void {
    const board = withExample(state.board, { picture, from });
    if (board === state.board) return;
    const at = board.chosen;
    update({ board, said: msg('ownData.draw.added', { name: nameOf(board, at), count: board.classes[at].examples.length }) });
  },
  undo(): void {
    const back = undone(state.board);
    if (!back) return;
    const { board, classIndex } = back;
    update({ board, said: msg('ownData.draw.undone', { name: nameOf(board, classIndex), count: board.classes[classIndex].examples.length }) });
  },
  /** Sends the classes in use to the data set worker; it keeps the set and makes it the Train view's data set. */
  make(name: string): void {
    if (!isReady(state.board)) return;
    update({ said: null });
    ownDataSession.importDrawn(name, drawnClasses(state.board));
  },
};
