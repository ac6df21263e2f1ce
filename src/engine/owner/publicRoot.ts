/**
 * Where the build's public files (the data sets) are served from, seen from the device worker. An
 * absolute base ('/' on `npm start`) names the folder; the build's relative base ('./', so one `dist/`
 * works at any path) means the page's folder, which is one above the worker's own chunk (Vite's `assets/`).
 */
export function publicRoot(base: string, workerScriptUrl: string): string {
  return new URL(base.startsWith('/') ? base : '../', workerScriptUrl).href;
}
