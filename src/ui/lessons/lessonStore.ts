/** The page's one lesson session, bound to the page's settings, and the hooks views read it through. */
import { useCallback, useSyncExternalStore } from 'react';
import type { ViewId } from '../../config/views';
import { LessonSession, type LessonSnapshot } from '../../share/lessonSession';
import { settingsStore } from '../share/pageStore';

export const lessonSession = new LessonSession(settingsStore);

export function useLesson(): LessonSnapshot {
  return useSyncExternalStore(lessonSession.subscribe, lessonSession.getSnapshot);
}

/** The panels of a view the open lesson step shows; null without a lesson step on this view (every panel shows). */
export function useShownPanels(view: ViewId): ReadonlySet<string> | null {
  useLesson();
  return lessonSession.panelsFor(view);
}

/** Whether a panel of a view shows: every panel without a lesson, the step's panels with one. */
export function usePanels(view: ViewId): (panel: string) => boolean {
  const shown = useShownPanels(view);
  return useCallback((panel: string) => shown === null || shown.has(panel), [shown]);
}
