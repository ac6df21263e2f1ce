/**
 * After the first render: the app's service worker registered through workbox-window (loaded then, never
 * in the entry chunk), an update looked for every half hour and whenever the page is shown again, and a
 * new version that waits until the user presses Reload (UpdateBanner offers it only while no job runs).
 */
import { useSyncExternalStore } from 'react';
import { SERVICE_WORKER_FILE, UPDATE_CHECK_INTERVAL_MS } from '../../config/hosting';

type Workbox = import('workbox-window').Workbox;

let workbox: Workbox | null = null;
let waiting = false;
let applying = false;
const listeners = new Set<() => void>();

function setWaiting(value: boolean): void {
  waiting = value;
  for (const listener of listeners) listener();
}

/** Registers the service worker (a build only; a browser without service workers skips it). */
export async function startServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SERVICE_WORKER_FILE);
  workbox = wb;
  wb.addEventListener('waiting', () => setWaiting(true));
  // The new version took over because the user pressed Reload: open it.
  wb.addEventListener('controlling', () => {
    if (applying) window.location.reload();
  });
  try {
    await wb.register();
  } catch {
    return; // the device report says why the page is not isolated; offline use simply is not there
  }
  const check = () => void wb.update().catch(() => undefined); // offline, or the host is down: try again later
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Hands the page to the waiting version; the page reloads once it controls. */
export function applyUpdate(): void {
  if (!workbox || !waiting) return;
  applying = true;
  workbox.messageSkipWaiting();
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
}
