import { useEffect } from 'react';
import { settingsStore } from '../share/pageStore';
import { lessonSession } from '../lessons/lessonStore';
import { belongsToControl, shortcutFor, viewActions } from './shortcuts';

/** While `enabled` (presentation mode), the keys of SHORTCUTS act on the open view and lesson. */
export function useShortcuts(enabled: boolean, onHelp: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const action = shortcutFor(event.key);
      if (!action || belongsToControl(event.target, event.key)) return;
      event.preventDefault();
      switch (action) {
        case 'toggle':
        case 'step':
        case 'reset':
          return viewActions(settingsStore.getSnapshot().settings.view)[action]?.();
        case 'previous':
          return lessonSession.previous();
        case 'next':
          return lessonSession.next();
        case 'help':
          return onHelp();
        default:
          return action satisfies never;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, onHelp]);
}
