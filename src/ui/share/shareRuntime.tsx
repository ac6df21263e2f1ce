/**
 * The share code the page needs from the start but not before its first paint: the recorder that
 * turns ended runs into results, and a shared link's result and problems. App loads it lazily.
 */
import { LinkProblems } from './LinkProblems';
import { runRecorder } from './runRecorder';
import './share.css';
import { sharedLink } from './sharedLink';
import { SharedResultPanel } from './SharedResultPanel';

export function startShare(): void {
  runRecorder.start();
  sharedLink.start();
}

/** What a link brought that could not be read, and the shared result it carries. */
export default function SharedLinkArea() {
  return (
    <>
      <LinkProblems />
      <SharedResultPanel />
    </>
  );
}
