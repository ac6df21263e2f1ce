/**
 * The bench's `firstrun` workload across browser engines (`--engines chromium,firefox,webkit`): a fresh page's
 * first Train press with the defaults on one backend, in each engine, side by side in one run. Besides the time to
 * the first loss point and to the end, it gives the time between them, the training steps alone: a run that waited
 * for the GPU or a timer every step would show it there (Firefox polls GPU completion every ~100 ms).
 */
import type { BackendName } from '../src/config/backends';
import { median } from '../src/metrics/stats';
import type { EngineDriver } from './engines/driver';

export interface EngineFirstRun {
  engine: string;
  backend: BackendName;
  firstPointMs: number;
  finishedMs: number;
  testAccuracy: string;
  state: string;
}

const POLL_MS = 50;
const TIMEOUT_MS = 15 * 60_000;

/** Reads the page until `check` (run in it) answers its own clock's time, not null. */
async function pageNowWhen(driver: EngineDriver, check: () => number | null, what: string): Promise<number> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const at = await driver.run(check);
    if (at !== null) return at;
    if (Date.now() > deadline) throw new Error(`${driver.engine}: waited ${TIMEOUT_MS / 60_000} min for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** One fresh visit: picks `backend`, presses Train, and times the run on the page's own clock. */
export async function measureEngineFirstRun(driver: EngineDriver, backend: BackendName): Promise<EngineFirstRun> {
  await driver.open(`/#v=4&backend=${backend}`);
  await pageNowWhen(driver, () => ((document.querySelector('[data-testid="view-train"] [data-testid="btn-train"]') as HTMLButtonElement | null)?.disabled === false ? performance.now() : null), 'Train');
  const start = await driver.run(() => {
    (document.querySelector('[data-testid="view-train"] [data-testid="btn-train"]') as HTMLButtonElement).click();
    return performance.now();
  });
  const firstPoint = await pageNowWhen(driver, () => (Number(document.querySelector('[data-testid="view-train"] [data-testid="chart-loss"]')?.getAttribute('data-points') ?? 0) > 0 ? performance.now() : null), 'the first loss point');
  const finished = await pageNowWhen(driver, () => (['finished', 'error', 'stopped'].includes(document.querySelector('[data-testid="view-train"] [data-testid="run-state"]')?.textContent ?? '') ? performance.now() : null), 'the end of the run');
  const read = (id: string) => driver.run((s: string) => document.querySelector(`[data-testid="view-train"] [data-testid="${s}"]`)?.textContent ?? '', id);
  return { engine: driver.engine, backend, firstPointMs: firstPoint - start, finishedMs: finished - start, testAccuracy: await read('stat-test-accuracy'), state: await read('run-state') };
}

export function engineFirstRunTable(samples: readonly EngineFirstRun[]): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const steps = (r: EngineFirstRun) => r.finishedMs - r.firstPointMs;
  // Against the median of Chromium's runs on the same backend in this bench.
  const chromium = (backend: BackendName) => {
    const runs = samples.filter((r) => r.engine === 'chromium' && r.backend === backend).map(steps);
    return runs.length ? median(runs) : null;
  };
  const ratio = (r: EngineFirstRun) => {
    const base = chromium(r.backend);
    return base === null ? '–' : `${(steps(r) / base).toFixed(2)}×`;
  };
  return [
    '| engine | backend | first loss point s | finished s | steps (first point → end) s | steps vs Chromium’s median | test accuracy | state |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | --- |',
    ...samples.map((r) => `| ${r.engine} | ${r.backend} | ${s(r.firstPointMs)} | ${s(r.finishedMs)} | ${s(r.finishedMs - r.firstPointMs)} | ${ratio(r)} | ${r.testAccuracy} | ${r.state} |`),
  ].join('\n');
}
