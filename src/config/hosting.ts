import type { Locale } from './locales';

/**
 * Hosting the build anywhere (issue 35): the service worker's file, its caches and the page's waits,
 * read by the worker (src/serviceWorker), the page (src/ui/hosting) and the build (vite.config.ts).
 */

/** The command that serves the build to the room over https on this machine's network address (scripts/room.ts). */
export const ROOM_COMMAND = 'npm run room';
/** The service worker's file beside index.html; its folder is its scope, so one build serves any path. */
export const SERVICE_WORKER_FILE = 'sw.js';
/** The web app manifest per page language (the page points its link at its own language's). */
export const WEB_MANIFEST_FILES = { en: 'manifest.webmanifest', 'zh-CN': 'manifest.zh-CN.webmanifest' } as const satisfies Record<Locale, string>;
/** Icon sizes the manifest lists (px): 192 for the home screen, 512 for the splash screen and stores. */
export const APP_ICON_SIZES = [192, 512] as const;
/** Served under the page's folder; cached as a visitor uses them, never up front (tens of MB). */
export const DATA_FOLDER = 'data/';
/** Prefix of the cache that keeps the data sets; its suffix is the build's data fingerprint. */
export const DATA_CACHE_PREFIX = 'gpu-playground-data-';
/** Data files a cache keeps at most (least recently used go first): 4 per shipped set, with room for a new build's. */
export const DATA_CACHE_MAX_ENTRIES = 16;
/** A page with no isolation waits this long for the service worker to install before it opens on one thread, ms. */
export const ISOLATION_WAIT_MS = 30_000;
/** An open page asks the host for a new version this often, ms (also when it is shown again). */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
/** The message the page sends a waiting service worker when the user presses Reload (workbox-window's messageSkipWaiting). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/** The session key that marks the one reload a first visit makes to become isolated (never a loop). */
export const ISOLATION_RELOAD_KEY = 'gpu-playground-isolation-reload';

/**
 * Cross-origin isolation: SharedArrayBuffer, hence the WebAssembly backend's threads, needs both. Sent by
 * `npm start`, `vite preview` and the bench; a host that can send headers sends them (README); on one
 * that cannot, the service worker adds them to every response it gives the page.
 */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;
