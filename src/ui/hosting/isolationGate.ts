/**
 * Before the page renders: make it cross-origin isolated where the host sends no headers. A first visit
 * installs the app's service worker (which precaches the app while the static header shows "Loading the
 * page…") and reloads once into a page whose responses carry the headers; so no view ever renders and
 * is then thrown away. Where that cannot work the page opens on one thread and the device report says why.
 */
import { ISOLATION_RELOAD_KEY, ISOLATION_WAIT_MS, SERVICE_WORKER_FILE } from '../../config/hosting';
import { isIsolated, isolationPlan, type IsolationState } from '../../share/isolation';

let current: IsolationState = { kind: 'headers' };

/** How this page became isolated, or why not (the device report reads it). */
export function isolationState(): IsolationState {
  return current;
}

function reloadedOnce(): boolean {
  try {
    return sessionStorage.getItem(ISOLATION_RELOAD_KEY) !== null;
  } catch {
    return false; // storage refused: the reload cannot be counted, and a second one is refused by the same storage anyway
  }
}

/** Marks (or, once isolated, clears) the one reload; without session storage the mark is simply not kept. */
function markReload(reloading: boolean): void {
  try {
    if (reloading) sessionStorage.setItem(ISOLATION_RELOAD_KEY, '1');
    else sessionStorage.removeItem(ISOLATION_RELOAD_KEY);
  } catch {
    // storage refused: nothing to keep
  }
}

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

/** Installs the service worker and reloads once it is active; resolves only when the page should open without it. */
async function installAndReload(): Promise<IsolationState> {
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_FILE);
    const outcome = await Promise.race([navigator.serviceWorker.ready.then(() => 'ready' as const), timeout(ISOLATION_WAIT_MS)]);
    if (outcome === 'timeout') return { kind: 'slow' };
  } catch (err) {
    return { kind: 'failed', detail: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  markReload(true);
  window.location.reload();
  return new Promise<never>(() => undefined); // the page is going away: nothing renders in the meantime
}

/** Resolves when the page may render, with how it is isolated (or why not). */
export async function prepareIsolation(): Promise<IsolationState> {
  const plan = isolationPlan({
    isolated: window.crossOriginIsolated === true,
    controlled: Boolean(navigator.serviceWorker?.controller),
    secureContext: window.isSecureContext,
    serviceWorkers: 'serviceWorker' in navigator,
    build: import.meta.env.PROD,
    reloadedOnce: reloadedOnce(),
  });
  current = plan.action === 'open' ? plan.state : await installAndReload();
  // Isolated: a later load of this tab may reload once again should it ever need to.
  if (isIsolated(current)) markReload(false);
  return current;
}
