import { useEffect, useRef } from 'react';
import { SHORTCUTS } from './shortcuts';

/** What presentation mode hides (styles.css, `html.present`), said in the overlay. */
export const HIDDEN_WHEN_PRESENTING = ['the introduction', 'every settings form (a lesson sets them)', 'share and export', 'the History tab', 'the lesson editor'];

/** The keyboard shortcuts of presentation mode ("?"), as a dialog that Escape closes. */
export function HelpOverlay({ onClose }: { onClose(): void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);
  return (
    <div className="overlay" role="presentation" onClick={onClose}>
      <div className="panel help" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help-overlay" onClick={(e) => e.stopPropagation()}>
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
