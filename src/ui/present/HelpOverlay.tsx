import { useRef } from 'react';
import { useFocusTrap } from '../a11y/useFocusTrap';
import { SHORTCUTS } from './shortcuts';

/** What presentation mode hides (styles.css, `html.present`), said in the overlay. */
export const HIDDEN_WHEN_PRESENTING = ['the introduction', 'every settings form (a lesson sets them)', 'share and export', 'the History tab', 'the lesson editor'];

/** The keyboard shortcuts of presentation mode ("?"), as a dialog that Escape closes. */
export function HelpOverlay({ onClose }: { onClose(): void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Focus starts on Close, stays in the dialog (Tab wraps), Escape closes, and goes back where it was.
  useFocusTrap(dialogRef, onClose, closeRef);
  return (
    <div className="overlay" role="presentation" onClick={onClose}>
      <div ref={dialogRef} className="panel help" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help-overlay" onClick={(e) => e.stopPropagation()}>
        <h2 id="help-title">Keyboard shortcuts (presentation mode)</h2>
        <ul data-testid="help-shortcuts">
          {SHORTCUTS.map((s) => (
            <li key={s.action}>{s.label}</li>
          ))}
        </ul>
        <p>Hidden while presenting: {HIDDEN_WHEN_PRESENTING.join(', ')}. Leave presentation mode to see them.</p>
        <button ref={closeRef} className="primary" data-testid="btn-help-close" onClick={onClose}>
          Close (Esc)
        </button>
      </div>
    </div>
  );
}
