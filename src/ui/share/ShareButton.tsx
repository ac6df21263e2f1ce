import { useRef, useState } from 'react';
import type { SharedResult } from '../../share/resultDoc';
import { resultUrl } from '../../share/shareLink';

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
  const [state, setState] = useState<ShareState>(EMPTY);
  const inputRef = useRef<HTMLInputElement>(null);
  const current = state.forResult === result ? state : EMPTY;

  const share = async () => {
    setState({ forResult: result, link: null, message: 'Making the link…', failed: false });
    let link: string;
    try {
      link = await resultUrl(result, `${window.location.origin}${window.location.pathname}`);
    } catch (err) {
      setState({ forResult: result, link: null, message: err instanceof Error ? err.message : String(err), failed: true });
      return;
    }
    const size = `${link.length.toLocaleString('en-US')} characters`;
    try {
      await navigator.clipboard.writeText(link);
      setState({ forResult: result, link, message: `Link copied to the clipboard (${size}).`, failed: false });
    } catch {
      setState({ forResult: result, link, message: `The browser refused the clipboard: the link (${size}) is selected below, press Ctrl+C (⌘C) to copy it.`, failed: false });
      requestAnimationFrame(() => inputRef.current?.select());
    }
  };

  return (
    <div className="share-box">
      <div className="controls">
        <button className="primary" data-testid="btn-share" onClick={() => void share()}>
          Share result
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
          aria-label="Link to this result"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
