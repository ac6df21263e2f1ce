/**
 * Hosts for the hosting journeys (e2e/hosting.spec.ts), on this checkout's own ports beside the suite's
 * `vite preview` (E2E_PORT): a plain static server of a build under a sub-path that sends no isolation headers
 * (Vite's preview server with no config of ours: files only, no SPA fallback), and the `npm run room` server.
 */
import path from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { startRoomServer } from '../scripts/room/roomServer';

const ROOT = path.resolve(import.meta.dirname, '..');
const SUITE_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The build `npm test` made, which the suite's own server serves. */
export const BUILD_DIR = path.join(ROOT, 'dist');
/** Where a host without headers puts the app: not its root. */
export const SUB_PATH = '/some/where/';
/** A name for this machine that is not localhost (Chromium maps it to 127.0.0.1: see HOST_RESOLVER_RULE). */
export const NETWORK_NAME = 'classroom.test';
export const HOST_RESOLVER_RULE = `--host-resolver-rules=MAP ${NETWORK_NAME} 127.0.0.1`;

/** A plain static host: serves one build folder at a time under SUB_PATH; stop() is the network gone. */
export class StaticHost {
  private server: PreviewServer | null = null;
  readonly port = SUITE_PORT + 1;

  url(host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${SUB_PATH}`;
  }

  async serve(dir: string): Promise<void> {
    await this.stop();
    this.server = await preview({
      configFile: false,
      root: ROOT,
      base: SUB_PATH,
      appType: 'mpa',
      logLevel: 'warn',
      build: { outDir: dir },
      // A static host answers whatever name it is reached by.
      preview: { host: '127.0.0.1', port: this.port, strictPort: true, allowedHosts: true },
    });
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }
}

/** The room server `npm run room` starts (https, self-signed, isolation headers), on loopback only. */
export async function startRoomHost(): Promise<{ url: string; close(): Promise<void> }> {
  const port = SUITE_PORT + 2;
  const server = await startRoomServer({ root: ROOT, host: '127.0.0.1', port, addresses: [NETWORK_NAME] });
  return { url: `https://${NETWORK_NAME}:${port}/`, close: () => server.close() };
}

/**
 * A second build of the same sources, as a new deploy would bring: the real build (service worker and
 * precache manifest included) with a marker in its page, so the journey can tell which build it runs.
 */
export async function buildNextVersion(outDir: string, marker: string): Promise<void> {
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [{ name: 'next-version-marker', transformIndexHtml: (html) => html.replace('</head>', `<meta name="gpu-playground-build" content="${marker}" />\n</head>`) }],
  });
}
