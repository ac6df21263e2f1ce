/**
 * `npm run size`: after `vite build`, fails when the JavaScript index.html loads up front passes its
 * gzip budget or contains any TensorFlow.js module (by module id, from the bundler's own chunk
 * lists). Prints every JavaScript file of the build, page chunks first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { checkBudget, pageChunks, PAGE_JS_BUDGET_GZIP_BYTES, type ChunkModules, type Manifest } from './bundleBudget';

const DIST = path.resolve(import.meta.dirname, '..', 'dist');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function sizeOf(file: string): { rawBytes: number; gzipBytes: number } {
  const bytes = readFileSync(path.join(DIST, file));
  return { rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(path.join(DIST, file), 'utf8')) as T;
  } catch (err) {
    console.error(`size: cannot read dist/${file} (${(err as Error).message}); run \`vite build\` first`);
    process.exit(2);
  }
}

const manifest = readJson<Manifest>('.vite/manifest.json');
const chunks = readJson<ChunkModules[]>('chunk-modules.json');
const page = pageChunks(manifest);
const report = checkBudget(page, chunks, sizeOf);

const others = readdirSync(path.join(DIST, 'assets'))
  .filter((f) => f.endsWith('.js') && !page.includes(`assets/${f}`))
  .map((f) => ({ file: `assets/${f}`, ...sizeOf(`assets/${f}`) }))
  .sort((a, b) => b.rawBytes - a.rawBytes);
console.log('| file | loaded | raw | gzip |');
console.log('|---|---|---:|---:|');
for (const f of report.files) console.log(`| ${f.file} | before the page is usable | ${kb(f.rawBytes)} | ${kb(f.gzipBytes)} |`);
for (const f of others) console.log(`| ${f.file} | on demand (worker, backends, charts) | ${kb(f.rawBytes)} | ${kb(f.gzipBytes)} |`);
console.log(`\nPage JavaScript before usable: ${kb(report.totalGzipBytes)} gzip (budget ${kb(PAGE_JS_BUDGET_GZIP_BYTES)}); TensorFlow.js modules in it: ${report.forbidden.length}.`);
if (report.problems.length) {
  for (const p of report.problems) console.error(`size: ${p}`);
  process.exit(1);
}
