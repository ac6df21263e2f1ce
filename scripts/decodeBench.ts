/**
 * The bench's `decode` workload: a zip of N generated pictures (S x S grayscale PNGs of three shapes, one
 * folder per class) given to the Train view's "Your data" panel in a fresh page of the production build.
 * It measures the seconds from the file given to the set kept (decoded by the browser, resized to 28 x 28
 * and stored, all in the data set worker), pictures a second, and the page's longest main-thread task
 * meanwhile (the Long Tasks API: every task over 50 ms; the goal is none).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { zipSync } from 'fflate';
import { summarize } from '../src/metrics/stats';
import { drawShape, grayPng, type Shape } from '../src/data/own/testing/pictures';

const SHAPES: readonly Shape[] = ['cross', 'ring', 'square'];
/** After the view opens, before the file: the page's device worker and Chart.js load meanwhile. */
const SETTLE_MS = 3_000;

export interface DecodeBenchResult {
  images: number;
  side: number;
  zipBytes: number;
  /** File given → set kept, ms, one per run. */
  importMs: number[];
  /** The longest main-thread task during each import, ms (0: none over 50 ms). */
  longestTaskMs: number[];
  /** Tasks over 50 ms during each import. */
  longTasks: number[];
}

/** `images` pictures spread over the three shapes, each moved a little, as one zip (stored: PNGs are compressed already). */
export function shapesZip(images: number, side: number): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (let i = 0; i < images; i++) {
    const shape = SHAPES[i % SHAPES.length];
    files[`shapes/${shape}/${i}.png`] = [grayPng(side, side, drawShape(shape, side, side, Math.floor(i / SHAPES.length), 0, 255)), { level: 0 }];
  }
  return zipSync(files);
}

interface OneImport {
  ms: number;
  longest: number;
  count: number;
  outcome: string;
}

async function importOnce(browser: Browser, url: string, zipPath: string): Promise<OneImport> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(0);
  try {
    await page.goto(`${url}#v=4&w=cnn`);
    const panel = page.getByTestId('view-train').getByTestId('own-data');
    await panel.locator('summary').click();
    await panel.getByTestId('own-data-file').waitFor({ state: 'attached' });
    await page.waitForTimeout(SETTLE_MS);
    // No named functions inside: the bench's TypeScript loader would wrap them in a helper the page lacks.
    await page.evaluate(() => {
      const w = window as unknown as { benchLongTasks: number[] };
      w.benchLongTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.benchLongTasks.push(e.duration))).observe({ type: 'longtask' });
    });
    const start = performance.now();
    // A path, as a picked file is: a buffer would be decoded from base64 on the page's main thread.
    await panel.getByTestId('own-data-file').setInputFiles(zipPath);
    const outcome = panel.getByTestId('own-data-outcome');
    await outcome.filter({ hasText: /\S/ }).waitFor();
    const ms = performance.now() - start;
    const text = await outcome.innerText();
    const tasks = await page.evaluate(() => (window as unknown as { benchLongTasks: number[] }).benchLongTasks);
    return { ms, longest: tasks.length ? Math.max(...tasks) : 0, count: tasks.length, outcome: text };
  } finally {
    await context.close();
  }
}

export async function measureDecode(browser: Browser, url: string, images: number, side: number, runs: number, log: (line: string) => void): Promise<DecodeBenchResult> {
  const zip = shapesZip(images, side);
  log(`${images} pictures of ${side} x ${side} px in a ${(zip.length / 1e6).toFixed(1)} MB zip`);
  const result: DecodeBenchResult = { images, side, zipBytes: zip.length, importMs: [], longestTaskMs: [], longTasks: [] };
  const folder = mkdtempSync(path.join(tmpdir(), 'decode-bench-'));
  const zipPath = path.join(folder, 'shapes.zip');
  writeFileSync(zipPath, zip);
  try {
    for (let run = 0; run < runs; run++) await oneRun(run);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return result;

  async function oneRun(run: number): Promise<void> {
    const once = await importOnce(browser, url, zipPath);
    if (!once.outcome.startsWith('Kept ')) throw new Error(`the import did not keep the set: ${once.outcome}`);
    result.importMs.push(once.ms);
    result.longestTaskMs.push(once.longest);
    result.longTasks.push(once.count);
    log(`run ${run + 1}: ${(once.ms / 1000).toFixed(1)} s, longest main-thread task ${once.longest.toFixed(0)} ms (${once.count} over 50 ms)`);
  }
}

export function decodeTable(r: DecodeBenchResult): string {
  const s = summarize(r.importMs);
  const worst = Math.max(...r.longestTaskMs);
  return [
    '| measure | value |',
    '| --- | ---: |',
    `| pictures (${r.side} x ${r.side} px PNG, 3 classes) in a zip of | ${r.images.toLocaleString('en-US')} · ${(r.zipBytes / 1e6).toFixed(1)} MB |`,
    `| file given → set kept (decode, resize to 28 x 28, store), median of ${s.count} fresh pages (s) | ${(s.median / 1000).toFixed(1)} |`,
    `| … fastest / slowest (s) | ${(s.min / 1000).toFixed(1)} / ${(s.max / 1000).toFixed(1)} |`,
    `| pictures a second (median) | ${Math.round(r.images / (s.median / 1000)).toLocaleString('en-US')} |`,
    `| longest main-thread task during an import, worst run (ms; goal: none over 50) | ${worst > 0 ? worst.toFixed(0) : 'none over 50'} |`,
    `| main-thread tasks over 50 ms, per run | ${r.longTasks.join(', ')} |`,
  ].join('\n');
}
