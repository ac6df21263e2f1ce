import { useRef } from 'react';
import { useFocusTrap } from '../a11y/useFocusTrap';
import { useT } from '../i18n/useT';
import { SHORTCUTS } from './shortcuts';

/** The keyboard shortcuts of presentation mode ("?"), as a dialog that Escape closes. */
export function HelpOverlay({ onClose }: { onClose(): void }) {
  const t = useT();
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Focus starts on Close, stays in the dialog (Tab wraps), Escape closes, and goes back where it was.
  useFocusTrap(dialogRef, onClose, closeRef);
  return (
    <div className="overlay" role="presentation" onClick={onClose}>
      <div ref={dialogRef} className="panel help" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help-overlay" onClick={(e) => e.stopPropagation()}>
        <h2 id="help-title">{t('help.title')}</h2>
        <ul data-testid="help-shortcuts">
          {SHORTCUTS.map((s) => (
            <li key={s.action}>{t(`shortcut.${s.action}`)}</li>
          ))}
        </ul>
        {/* What presentation mode hides (styles.css, `html.present`). */}
        <p>{t('help.hidden', { list: t('help.hiddenParts') })}</p>
        <button ref={closeRef} className="primary" data-testid="btn-help-close" onClick={onClose}>
          {t('help.close')}
        </button>
      </div>
    </div>
  );
}
