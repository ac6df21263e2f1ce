/** What index.html makes the browser load before the page is usable, and whether it keeps to the budget. Pure. */

/** Budget for the JavaScript the page needs before it is usable, gzip bytes (150 kB). */
export const PAGE_JS_BUDGET_GZIP_BYTES = 150_000;
/** Module ids that must never reach the page's first chunks. */
export const FORBIDDEN_ON_PAGE = /\/node_modules\/@tensorflow\//;

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestEntry>;

/** One chunk with the module ids inside it (dist/chunk-modules.json, written by vite.config.ts). */
export interface ChunkModules {
  fileName: string;
  modules: string[];
}

/** The files index.html loads up front: its entry chunk and everything that chunk imports statically. */
export function pageChunks(manifest: Manifest, entryKey = 'index.html'): string[] {
  const entry = manifest[entryKey];
  if (!entry) throw new Error(`The build manifest has no entry for ${entryKey}`);
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const item = manifest[key];
    if (!item) throw new Error(`The build manifest names ${key} but has no entry for it`);
    files.push(item.file);
    for (const next of item.imports ?? []) visit(next);
  };
  visit(entryKey);
  return files;
}

export interface BudgetReport {
  files: { file: string; rawBytes: number; gzipBytes: number }[];
  totalGzipBytes: number;
  /** `file: module id` for each forbidden module found in a page chunk. */
  forbidden: string[];
  problems: string[];
}

/** Checks the page chunks: no TensorFlow.js module inside any of them, and their gzip total under budget. */
export function checkBudget(
  files: readonly string[],
  chunks: readonly ChunkModules[],
  sizeOf: (file: string) => { rawBytes: number; gzipBytes: number },
  budget = PAGE_JS_BUDGET_GZIP_BYTES,
): BudgetReport {
  const sized = files.map((file) => ({ file, ...sizeOf(file) }));
  const totalGzipBytes = sized.reduce((sum, f) => sum + f.gzipBytes, 0);
  const forbidden = files.flatMap((file) => {
    const chunk = chunks.find((c) => c.fileName === file);
    return (chunk?.modules ?? []).filter((id) => FORBIDDEN_ON_PAGE.test(id)).map((id) => `${file}: ${id}`);
  });
  const problems: string[] = [];
  const unknown = files.filter((file) => !chunks.some((c) => c.fileName === file));
  if (unknown.length) problems.push(`No module list for ${unknown.join(', ')}: the check cannot see inside them`);
  if (forbidden.length) problems.push(`TensorFlow.js reaches the page: ${forbidden.length} module(s), e.g. ${forbidden[0]}`);
  if (totalGzipBytes > budget) problems.push(`The page loads ${totalGzipBytes} bytes of gzip JavaScript before it is usable; the budget is ${budget}`);
  return { files: sized, totalGzipBytes, forbidden, problems };
}
