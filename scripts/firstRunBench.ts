/**
 * The bench's `firstrun` workload: a new user's first Train press with the defaults, on a fresh
 * page: how long until the first loss point is on the chart, how long until the run has finished,
 * and the test accuracy it reached, per backend; or with the backend the page picks itself ('default':
 * what a new user gets, the row says which).
 */
import type { Browser } from 'playwright-core';
import type { BackendName } from '../src/config/backends';

export interface FirstRunSample {
  /** The backend it ran on; `chosen` false when the page picked it (the default a new user gets). */
  backend: BackendName;
  chosen: boolean;
  firstPointMs: number;
  finishedMs: number;
  testAccuracy: string;
  state: string;
}

export async function measureFirstRun(browser: Browser, url: string, wanted: BackendName | 'default', timeoutMs: number): Promise<FirstRunSample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const view = page.getByTestId('view-train');
  try {
    await page.goto(url);
    if (wanted !== 'default') await view.getByTestId(`backend-option-${wanted}`).check({ timeout: 120_000 });
    await page.waitForFunction(() => !(document.querySelector('[data-testid="view-train"] [data-testid="btn-train"]') as HTMLButtonElement | null)?.disabled, null, { timeout: 120_000 });
    const picked = await view.locator('[data-testid^="backend-option-"]:checked').getAttribute('data-testid');
    const backend = (picked?.replace('backend-option-', '') ?? wanted) as BackendName;
    const start = await page.evaluate(() => {
      (document.querySelector('[data-testid="view-train"] [data-testid="btn-train"]') as HTMLButtonElement).click();
      return performance.now();
    });
    const at = (predicate: string) => page.waitForFunction(predicate, null, { timeout: timeoutMs, polling: 50 }).then(() => page.evaluate(() => performance.now()));
    const firstPoint = await at(`Number(document.querySelector('[data-testid="view-train"] [data-testid="chart-loss"]')?.getAttribute('data-points') ?? 0) > 0`);
    const finished = await at(`['finished', 'error', 'stopped'].includes(document.querySelector('[data-testid="view-train"] [data-testid="run-state"]')?.textContent ?? '')`);
    return {
      backend,
      chosen: wanted !== 'default',
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
    ...samples.map((r) => `| ${r.chosen ? r.backend : `${r.backend} (the page's default)`} | ${s(r.firstPointMs)} | ${s(r.finishedMs)} | ${r.testAccuracy} | ${r.state} |`),
  ].join('\n');
}
