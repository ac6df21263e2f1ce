import type { Plugin } from 'vite';
import { APP_ICON_SIZES, ISOLATION_HEADERS } from '../../src/config/hosting.js';
import { appIconFile, appIconPng } from './appIcon.js';
import { WEB_MANIFESTS } from './webManifest.js';

/** The isolation headers for every file, in the `_headers` file Netlify and Cloudflare Pages read from a build (other hosts ignore it). */
export function headersFile(): string {
  return ['/*', ...Object.entries(ISOLATION_HEADERS).map(([name, value]) => `  ${name}: ${value}`), ''].join('\n');
}

/** A Vite plugin that adds the icons, the web app manifests and `_headers` to the build, beside index.html (the first two to the dev server's files too). */
export function hostingAssets(): Plugin {
  const files = new Map<string, { type: string; source: () => string | Uint8Array }>([
    ...APP_ICON_SIZES.map((side) => [appIconFile(side), { type: 'image/png', source: () => appIconPng(side) }] as const),
    ...WEB_MANIFESTS.map(({ file, source }) => [file, { type: 'application/manifest+json', source }] as const),
    ['_headers', { type: 'text/plain', source: headersFile }],
  ]);
  return {
    name: 'hosting-assets',
    generateBundle() {
      for (const [fileName, { source }] of files) this.emitFile({ type: 'asset', fileName, source: source() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.get((req.url ?? '').split('?')[0].replace(/^\//, ''));
        if (!file) return next();
        res.setHeader('Content-Type', file.type);
        res.end(file.source());
      });
    },
  };
}
