/**
 * The bench's `pageload` workload: opens the production build in fresh browser contexts and reads
 * what a first visit costs: first contentful paint, the JavaScript fetched before the page is
 * usable (before the load event), and when Train becomes clickable (backends detected).
 */
import type { Browser } from 'playwright-core';
import { summarize } from '../src/metrics/stats';

export interface PageLoadSample {
  fcpMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  /** Encoded bytes of every script fetched by the load event (the page's own chunks, not the worker). */
  scriptBytes: number;
  scriptCount: number;
  /** When the Train button first became enabled. */
  trainReadyMs: number;
}

async function sampleOnce(browser: Browser, url: string): Promise<PageLoadSample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await page.getByTestId('view-train').getByTestId('btn-train').waitFor({ state: 'visible' });
    await page.waitForFunction(() => !(document.querySelector('[data-testid="view-train"] [data-testid="btn-train"]') as HTMLButtonElement | null)?.disabled, null, { timeout: 120_000 });
    const trainReadyMs = await page.evaluate(() => performance.now());
    return await page.evaluate((ready) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => r.initiatorType === 'script' || (r.initiatorType === 'link' && r.name.endsWith('.js')) || (r.initiatorType === 'other' && r.name.endsWith('.js') && r.startTime < nav.loadEventEnd),
      );
      const beforeLoad = scripts.filter((r) => r.responseEnd <= nav.loadEventEnd);
      return {
        fcpMs: fcp.startTime,
        domContentLoadedMs: nav.domContentLoadedEventEnd,
        loadMs: nav.loadEventEnd,
        scriptBytes: beforeLoad.reduce((sum, r) => sum + r.encodedBodySize, 0),
        scriptCount: beforeLoad.length,
        trainReadyMs: ready,
      };
    }, trainReadyMs);
  } finally {
    await context.close();
  }
}

export async function measurePageLoad(browser: Browser, url: string, runs: number): Promise<PageLoadSample[]> {
  // One visit first to warm the server and the disk cache; it is not counted.
  await sampleOnce(browser, url);
  const samples: PageLoadSample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await sampleOnce(browser, url));
  return samples;
}

export function pageLoadTable(label: string, samples: readonly PageLoadSample[]): string {
  const row = (name: string, values: number[], unit: string) => {
    const s = summarize(values);
    return `| ${label} | ${name} | ${s.median.toFixed(0)} ${unit} | ${s.p90.toFixed(0)} ${unit} | ${s.min.toFixed(0)} ${unit} | ${s.max.toFixed(0)} ${unit} |`;
  };
  return [
    '| build | measure | median | p90 | min | max |',
    '|---|---|---:|---:|---:|---:|',
    row('first contentful paint', samples.map((s) => s.fcpMs), 'ms'),
    row('DOMContentLoaded', samples.map((s) => s.domContentLoadedMs), 'ms'),
    row('load event', samples.map((s) => s.loadMs), 'ms'),
    row('Train clickable (backends detected)', samples.map((s) => s.trainReadyMs), 'ms'),
    row('script bytes by load (uncompressed over localhost)', samples.map((s) => s.scriptBytes / 1000), 'kB'),
  ].join('\n');
}
