/** The page's one class board, bound to the page's link, and the hook the board view reads it through. */
import { useSyncExternalStore } from 'react';
import { BoardSession, type BoardSnapshot } from '../../share/board/boardSession';
import { settingsStore } from '../share/pageStore';

export const boardSession = new BoardSession(settingsStore);

export function useBoard(): BoardSnapshot {
  return useSyncExternalStore(boardSession.subscribe, boardSession.getSnapshot);
}
