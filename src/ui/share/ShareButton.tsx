import { useRef, useState } from 'react';
import type { SharedResult } from '../../share/resultDoc';
import { resultUrl } from '../../share/shareLink';
import { useT } from '../i18n/useT';

interface ShareState {
  /** The result the state belongs to; a new result starts afresh. */
  forResult: SharedResult | null;
  link: string | null;
  message: string;
  failed: boolean;
}

const EMPTY: ShareState = { forResult: null, link: null, message: '', failed: false };

/** Makes the result's link, copies it to the clipboard and says so; shows the link for copying by hand too. */
export function ShareButton({ result }: { result: SharedResult }) {
  const t = useT();
  const [state, setState] = useState<ShareState>(EMPTY);
  const inputRef = useRef<HTMLInputElement>(null);
  const current = state.forResult === result ? state : EMPTY;

  const share = async () => {
    setState({ forResult: result, link: null, message: t('share.button.making'), failed: false });
    let link: string;
    try {
      link = await resultUrl(result, `${window.location.origin}${window.location.pathname}`);
    } catch (err) {
      setState({ forResult: result, link: null, message: t.detail(err), failed: true });
      return;
    }
    const chars = t.number(link.length);
    try {
      await navigator.clipboard.writeText(link);
      setState({ forResult: result, link, message: t('share.button.copied', { chars }), failed: false });
    } catch {
      setState({ forResult: result, link, message: t('share.button.refused', { chars }), failed: false });
      requestAnimationFrame(() => inputRef.current?.select());
    }
  };

  return (
    <div className="share-box">
      <div className="controls">
        <button className="primary" data-testid="btn-share" onClick={() => void share()}>
          {t('share.button.share')}
        </button>
        <span className={current.failed ? 'field-error' : 'share-status'} role="status" data-testid="share-status">
          {current.message}
        </span>
      </div>
      {current.link && (
        <input
          ref={inputRef}
          className="share-link"
          data-testid="share-link"
          readOnly
          value={current.link}
          aria-label={t('share.button.linkLabel')}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
