/// <reference lib="webworker" />
/**
 * The app's service worker (built by vite-plugin-pwa from this file into dist/sw.js, Workbox's
 * precache manifest injected). Three jobs:
 * - cross-origin isolation on any static host: every response it gives the page and its workers carries
 *   the isolation headers, so WebAssembly threads run where the host sends no headers;
 * - offline after the first visit: the app shell, the workers and the WebAssembly binaries are precached
 *   when it installs; each data set is cached the first time a job loads it;
 * - updates: a new build's worker waits until the page says the user pressed Reload.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { DATA_CACHE_MAX_ENTRIES, DATA_FOLDER, SKIP_WAITING_MESSAGE } from '../config/hosting';
import { dataCacheName, isStaleDataCache, type ManifestEntry } from './dataCache';
import { withIsolationHeaders } from './isolationHeaders';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (ManifestEntry | string)[] };

const manifest = self.__WB_MANIFEST;
const scope = new URL(self.registration.scope);
const dataCache = dataCacheName(manifest);
const isolation: WorkboxPlugin = { handlerWillRespond: async ({ response }) => withIsolationHeaders(response) };

addPlugins([isolation]);
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// Any navigation in scope (a link's query or hash included) opens the precached page; the bench page is the bench's own.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/bench\.html$/] }));

const inScope = (url: URL) => url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
registerRoute(
  ({ url }) => inScope(url) && url.pathname.startsWith(`${scope.pathname}${DATA_FOLDER}`),
  new CacheFirst({ cacheName: dataCache, plugins: [new ExpirationPlugin({ maxEntries: DATA_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }), isolation] }),
);
// Whatever else the page asks of its own folder still comes isolated (offline, it fails as it would without a worker).
registerRoute(({ url }) => inScope(url), new NetworkOnly({ plugins: [isolation] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) => isStaleDataCache(name, dataCache)).map((name) => caches.delete(name)))));
});

// The first install controls the open page at once (its data loads are cached from then on); an update waits for Reload.
clientsClaim();
