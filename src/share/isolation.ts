/**
 * How the page became cross-origin isolated (so WebAssembly runs on every core), or why not and what
 * fixes it: decided at start-up before anything renders (`isolationPlan`), said in the device report
 * (`isolationNote`). Pure: the page's gate (src/ui/hosting/isolationGate.ts) gathers the facts.
 */
import { msg, type Message } from '../i18n/message';
import { ROOM_COMMAND } from '../config/hosting';

export type IsolationState =
  /** The host sent the isolation headers (npm start, vite preview, a host configured as the README says). */
  | { kind: 'headers' }
  /** The host sent none; the app's service worker adds them to every response. */
  | { kind: 'serviceWorker' }
  /** Plain http on a network address: no secure context, so no service worker. */
  | { kind: 'insecure' }
  /** The browser refuses service workers here (a private window, a setting, a policy). */
  | { kind: 'noServiceWorker' }
  /** The service worker did not install; its error as it came. */
  | { kind: 'failed'; detail: string }
  /** The service worker controls the page, yet the browser did not isolate it after the one reload. */
  | { kind: 'notAfterReload' }
  /** Still installing when the page stopped waiting: the next load is isolated. */
  | { kind: 'slow' }
  /** A development page without the headers: only a build has the service worker. */
  | { kind: 'development' };

export interface IsolationFacts {
  isolated: boolean;
  /** A service worker controls this page. */
  controlled: boolean;
  secureContext: boolean;
  /** navigator.serviceWorker exists. */
  serviceWorkers: boolean;
  /** A production build (the one with a service worker). */
  build: boolean;
  /** This tab already reloaded once to become isolated. */
  reloadedOnce: boolean;
}

export type IsolationPlan = { action: 'open'; state: IsolationState } | { action: 'install' };

/** Open the page now, or install the service worker and reload once into an isolated page. */
export function isolationPlan(facts: IsolationFacts): IsolationPlan {
  const open = (state: IsolationState): IsolationPlan => ({ action: 'open', state });
  if (facts.isolated) return open({ kind: facts.controlled ? 'serviceWorker' : 'headers' });
  if (!facts.build) return open({ kind: 'development' });
  if (!facts.secureContext) return open({ kind: 'insecure' });
  if (!facts.serviceWorkers) return open({ kind: 'noServiceWorker' });
  if (facts.reloadedOnce) return open({ kind: 'notAfterReload' });
  return { action: 'install' };
}

export function isIsolated(state: IsolationState): boolean {
  return state.kind === 'headers' || state.kind === 'serviceWorker';
}

/** The README section a teacher follows to host it with the headers. */
const README_SECTION = 'README';
const HTTPS = 'https';

/** How the page is isolated, or the reason it is not and the fix, as the device report says it. */
export function isolationNote(state: IsolationState): Message {
  switch (state.kind) {
    case 'headers':
      return msg('hosting.isolation.headers');
    case 'serviceWorker':
      return msg('hosting.isolation.serviceWorker');
    case 'insecure':
      return msg('hosting.isolation.insecure', { https: HTTPS, command: ROOM_COMMAND, readme: README_SECTION });
    case 'noServiceWorker':
      return msg('hosting.isolation.noServiceWorker', { readme: README_SECTION });
    case 'failed':
      return msg('hosting.isolation.failed', { detail: state.detail, readme: README_SECTION });
    case 'notAfterReload':
      return msg('hosting.isolation.notAfterReload', { readme: README_SECTION });
    case 'slow':
      return msg('hosting.isolation.slow');
    case 'development':
      return msg('hosting.isolation.development');
  }
}
