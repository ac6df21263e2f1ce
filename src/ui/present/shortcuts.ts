/**
 * The keyboard shortcuts of presentation mode, one table: the help overlay lists it, the key
 * handler reads it. Each view registers what train / pause, step and reset mean on it.
 */
import type { ViewId } from '../../config/views';

export type ShortcutAction = 'toggle' | 'step' | 'reset' | 'previous' | 'next' | 'help';

/** Each shortcut's keys; what the help overlay says of it is the catalog's `shortcut.<action>`. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: ShortcutAction }[] = [
  { keys: [' '], action: 'toggle' },
  { keys: ['s', 'S'], action: 'step' },
  { keys: ['r', 'R'], action: 'reset' },
  { keys: ['ArrowLeft'], action: 'previous' },
  { keys: ['ArrowRight'], action: 'next' },
  { keys: ['?'], action: 'help' },
];

/** What a view does on the shortcuts it has; a missing one does nothing there. */
export type ViewActions = Partial<Record<'toggle' | 'step' | 'reset', () => void>>;

const registered = new Map<ViewId, ViewActions>();

/** A view says what its shortcuts do (again whenever that changes); returns the unregister call. */
export function registerViewActions(view: ViewId, actions: ViewActions): () => void {
  registered.set(view, actions);
  return () => {
    if (registered.get(view) === actions) registered.delete(view);
  };
}

export function viewActions(view: ViewId): ViewActions {
  return registered.get(view) ?? {};
}

export function shortcutFor(key: string): ShortcutAction | null {
  return SHORTCUTS.find((s) => s.keys.includes(key))?.action ?? null;
}

/** Keys typed into a field, or Space on a button or checkbox, belong to that control, never to a shortcut. */
export function belongsToControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) {
    return !(target instanceof HTMLInputElement && ['range', 'checkbox', 'radio', 'button'].includes(target.type) && key !== ' ' && !key.startsWith('Arrow'));
  }
  return key === ' ' && (target.tagName === 'BUTTON' || target.tagName === 'A' || target.getAttribute('role') === 'tab');
}
