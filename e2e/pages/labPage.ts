import { expect, type Locator, type Page } from '@playwright/test';
import { BACKEND_NAMES, type BackendName } from '../../src/config/backends';
import type { LaneId } from '../../src/config/lanes';
import { openGroupOf } from './playgroundPage';

export type LabJob = 'device' | 'race' | 'matmul' | 'batch' | 'anatomy' | 'profile' | 'parity';

/** Jobs on software-rendered backends (SwiftShader, two cores) can take minutes. */
const JOB_TIMEOUT_MS = 150_000;

/** The Benchmark lab tab, through its data-testid hooks only. */
export class LabPage {
  constructor(readonly page: Page) {}

  /** Opens the tab (on the suite's server, or another host's address) and waits for the device report it reads on first view. */
  async open(address = '/'): Promise<void> {
    await this.page.goto(address);
    await this.page.getByTestId('tab-lab').click();
    await expect(this.status('device')).toHaveText('done', { timeout: JOB_TIMEOUT_MS });
    await expect(this.page.getByTestId('lab-backends')).toBeVisible();
  }

  byId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Sets lab settings by their key in the lab's settings table (every lab input is `lab-field-<key>`), opening a folded group where one is. */
  async setWorkload(values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      const field = this.byId(`lab-field-${key}`);
      await openGroupOf(field);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
  }

  /** Ticks exactly these backends, failing with the lab's reason if one is unavailable. */
  async chooseBackends(names: readonly BackendName[]): Promise<void> {
    for (const name of BACKEND_NAMES) {
      const box = this.byId(`lab-backend-${name}`);
      if (names.includes(name)) {
        await expect(box, await this.byId(`lab-backend-reason-${name}`).innerText()).toBeEnabled();
        await box.check();
      } else if (await box.isEnabled()) {
        await box.uncheck();
      }
    }
  }

  button(job: LabJob, action: 'run' | 'cancel'): Locator {
    return this.byId(`btn-${job}-${action}`);
  }

  status(job: LabJob): Locator {
    return this.byId(`${job}-status`);
  }

  async run(job: LabJob): Promise<void> {
    await expect(this.button(job, 'run')).toBeEnabled();
    const before = (await this.status(job).count()) ? await this.status(job).getAttribute('data-job') : null;
    await this.button(job, 'run').click();
    // This run (not the one before it) has left the queue: running, or already over (a small job on a quiet machine ends before a read).
    if (before !== null) await expect(this.status(job)).not.toHaveAttribute('data-job', before);
    await expect(this.status(job)).toHaveText(/^(running|done|error|cancelled)$/);
  }

  async waitUntilDone(job: LabJob): Promise<void> {
    await expect(this.status(job)).toHaveText(/done|error|cancelled/, { timeout: JOB_TIMEOUT_MS });
    await expect(this.byId(`${job}-error`)).toHaveCount(0);
    await expect(this.status(job)).toHaveText('done');
  }

  /** A cell of a race row: a lane's (a backend, or WebGPU on one engine: `webgpu` the app's, `webgpu-tfjs` TensorFlow.js's). */
  raceCell(lane: LaneId, column: string): Locator {
    return this.byId(`race-cell-${lane}-${column}`);
  }

  /** A race row's lane as the table names it (WebGPU with its engine; marked when it ran on a software GPU). */
  raceBackend(lane: LaneId): Locator {
    return this.byId(`race-backend-${lane}`);
  }

  async chartPoints(testId: string, series?: string): Promise<number> {
    return Number(await this.byId(testId).getAttribute(series ? `data-points-${series}` : 'data-points'));
  }
}
