/** Hosting the build for a room (src/share/isolation.ts, src/share/roomAddress.ts, src/ui/hosting): isolation, updates, the room's address. */
export const EN_HOSTING = {
  'hosting.isolation.label': 'How the page is isolated',
  'hosting.isolation.headers': 'By the server: it sends the two isolation headers, so WebAssembly runs on every core.',
  'hosting.isolation.serviceWorker': 'By the app’s service worker: the host sends no isolation headers, so the worker adds them, and WebAssembly runs on every core.',
  'hosting.isolation.insecure':
    'Not isolated, so WebAssembly runs on one thread: on plain http the browser allows no service worker. Open the page over {https} ({command} serves it to the room), or serve it with the two isolation headers ({readme}, “Hosting it for a room”).',
  'hosting.isolation.noServiceWorker':
    'Not isolated, so WebAssembly runs on one thread: this browser refuses service workers here (a private window, a setting or a policy). Open the page in a normal window or allow this site’s service worker, or serve it with the two isolation headers ({readme}, “Hosting it for a room”).',
  'hosting.isolation.failed':
    'Not isolated, so WebAssembly runs on one thread: the app’s service worker could not be installed ({detail}). Reload the page; if it stays so, serve it with the two isolation headers ({readme}, “Hosting it for a room”).',
  'hosting.isolation.notAfterReload':
    'Not isolated, so WebAssembly runs on one thread: the app’s service worker is in place but this browser did not isolate the page. Serve it with the two isolation headers ({readme}, “Hosting it for a room”).',
  'hosting.isolation.slow': 'Not yet, so WebAssembly runs on one thread: the app’s service worker was still being installed when the page opened. Reload the page when nothing is running to use every core.',
  'hosting.isolation.development': 'Not isolated, so WebAssembly runs on one thread: this development server sends no isolation headers and only a build has the service worker.',

  'hosting.update.ready': 'A new version is ready.',
  'hosting.update.reload': 'Reload',

  'room.warn.localhost':
    'Other devices cannot open this address ({host} is this computer only): serve it on the network with {command}, or host it ({readme}, “Hosting it for a room”).',
  'room.warn.insecure':
    'Students’ browsers will hide WebGPU, the camera and threads on http: use an {https} address ({command} serves one).',
} as const;
