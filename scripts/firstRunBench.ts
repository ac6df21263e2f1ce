/**
 * The bench's `firstrun` workload: a new user's first Train press with the defaults, on a fresh
 * page: how long until the first loss point is on the chart, how long until the run has finished,
 * and the test accuracy it reached, per backend.
 */
import type { Browser } from 'playwright-core';
import type { BackendName } from '../src/config/backends';

export interface FirstRunSample {
  backend: BackendName;
  firstPointMs: number;
  finishedMs: number;
  testAccuracy: string;
  state: string;
}

export async function measureFirstRun(browser: Browser, url: string, backend: BackendName, timeoutMs: number): Promise<FirstRunSample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const view = page.getByTestId('view-train');
  try {
    await page.goto(url);
    await view.getByTestId(`backend-option-${backend}`).check({ timeout: 120_000 });
    await page.waitForFunction(() => !(document.querySelector('[data-testid="view-train"] [data-testid="btn-train"]') as HTMLButtonElement | null)?.disabled, null, { timeout: 120_000 });
    const start = await page.evaluate(() => {
      (document.querySelector('[data-testid="view-train"] [data-testid="btn-train"]') as HTMLButtonElement).click();
      return performance.now();
    });
    const at = (predicate: string) => page.waitForFunction(predicate, null, { timeout: timeoutMs, polling: 50 }).then(() => page.evaluate(() => performance.now()));
    const firstPoint = await at(`Number(document.querySelector('[data-testid="view-train"] [data-testid="chart-loss"]')?.getAttribute('data-points') ?? 0) > 0`);
    const finished = await at(`['finished', 'error', 'stopped'].includes(document.querySelector('[data-testid="view-train"] [data-testid="run-state"]')?.textContent ?? '')`);
    return {
      backend,
      firstPointMs: firstPoint - start,
      finishedMs: finished - start,
      testAccuracy: await view.getByTestId('stat-test-accuracy').innerText(),
      state: await view.getByTestId('run-state').innerText(),
    };
  } finally {
    await context.close();
  }
}

export function firstRunTable(samples: readonly FirstRunSample[]): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return [
    '| backend | first loss point s | finished s | test accuracy | state |',
    '| --- | ---: | ---: | --- | --- |',
    ...samples.map((r) => `| ${r.backend} | ${s(r.firstPointMs)} | ${s(r.finishedMs)} | ${r.testAccuracy} | ${r.state} |`),
  ].join('\n');
}
