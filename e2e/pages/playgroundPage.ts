import { expect, type Locator, type Page } from '@playwright/test';
import type { BackendName } from '../../src/config/backends';

/**
 * How often a wait on the step count reads it: expect.poll's default backs off to once a second, so each wait
 * overshoots by half a second on average; a read is one protocol round trip.
 */
const STEP_POLL = { timeout: 120_000, intervals: [100, 250] };

/** Opens the closed group (<details>) a field is folded in, by a click on its name, as a user would. */
export async function openGroupOf(field: Locator): Promise<void> {
  if (await field.isVisible()) return;
  const group = field.locator('xpath=ancestor::details[1]');
  if ((await group.count()) === 0 || (await group.getAttribute('open')) !== null) return;
  await group.locator('xpath=./summary').click();
  await expect(field).toBeVisible();
}

/**
 * One view of the app (every view stays mounted, so each page object looks inside its own view's
 * container), through its data-testid hooks only.
 */
export class PlaygroundPage {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly view: 'train' | 'gan' = 'train',
  ) {
    this.root = page.getByTestId(`view-${view}`);
  }

  /** Opens the page (the suite's server, or another host's address) on this view. */
  async open(address = '/'): Promise<void> {
    await this.page.goto(address);
    await this.page.getByTestId(`tab-${this.view}`).click();
    await expect(this.root.getByTestId('backend-picker')).toBeVisible();
  }

  backendOption(name: BackendName): Locator {
    return this.root.getByTestId(`backend-option-${name}`);
  }

  async chooseBackend(name: BackendName): Promise<void> {
    await expect(this.backendOption(name), await this.backendReason(name)).toBeEnabled();
    await this.backendOption(name).check();
  }

  backendReason(name: BackendName): Promise<string> {
    return this.root.getByTestId(`backend-reason-${name}`).innerText();
  }

  /** What a backend's card says when it is a software GPU (runs on the CPU), absent otherwise. */
  backendSoftware(name: BackendName): Locator {
    return this.root.getByTestId(`backend-software-${name}`);
  }

  /** The one sentence under the picker saying what this device lacks, where a GPU backend is software. */
  softwareGpuNote(): Locator {
    return this.root.getByTestId('software-gpu-note');
  }

  field(key: string): Locator {
    return this.root.getByTestId(`field-${key}`);
  }

  fieldError(key: string): Locator {
    return this.root.getByTestId(`field-error-${key}`);
  }

  /** Sets settings as a user does: a setting folded in a closed group ("More settings: …") is reached by opening the group. */
  async setFields(values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      const field = this.field(key);
      await openGroupOf(field);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
  }

  button(name: 'train' | 'pause' | 'resume' | 'step' | 'stop' | 'evaluate' | 'step-d' | 'step-g'): Locator {
    return this.root.getByTestId(`btn-${name}`);
  }

  runState(): Locator {
    return this.root.getByTestId('run-state');
  }

  stat(id: string): Locator {
    return this.root.getByTestId(`stat-${id}`);
  }

  /** Steps done so far, from "12 / 186 (epoch 1)". */
  async stepCount(): Promise<number> {
    const text = await this.stat('step').innerText();
    const match = /^(\d+) \//.exec(text);
    return match ? Number(match[1]) : 0;
  }

  /** First and latest value of a "first → now" stat, e.g. "2.31 → 1.2". */
  async losses(statId = 'loss'): Promise<{ first: number; latest: number } | null> {
    const match = /^([\d.]+) → ([\d.]+)$/.exec(await this.stat(statId).innerText());
    return match ? { first: Number(match[1]), latest: Number(match[2]) } : null;
  }

  /** The tensor count, read whether or not "More figures" (where it sits) is open. */
  async tensorCount(): Promise<number> {
    return Number(await this.stat('tensors').textContent());
  }

  async chartPoints(id: string): Promise<number> {
    return Number(await this.root.getByTestId(`chart-${id}`).getAttribute('data-points'));
  }

  errorMessage(): Locator {
    return this.root.getByTestId('error-message');
  }

  /** The tensor count at `samples` successive step counts: each read waits for the run to move on, never for a clock. */
  async tensorCountsOverSteps(samples: number): Promise<number[]> {
    const counts: number[] = [];
    let step = await this.stepCount();
    for (let i = 0; i < samples; i++) {
      await expect.poll(() => this.stepCount(), STEP_POLL).toBeGreaterThan(step);
      step = await this.stepCount();
      counts.push(await this.tensorCount());
    }
    return counts;
  }

  /** The tensor count after each of `samples` single steps of a paused run. */
  async tensorCountsStepByStep(samples: number): Promise<number[]> {
    const counts: number[] = [];
    for (let i = 0; i < samples; i++) {
      const at = await this.stepCount();
      await this.button('step').click();
      await expect.poll(() => this.stepCount(), STEP_POLL).toBe(at + 1);
      await expect(this.runState()).toHaveText('paused');
      counts.push(await this.tensorCount());
    }
    return counts;
  }

  async waitForSteps(atLeast: number): Promise<void> {
    await expect.poll(() => this.stepCount(), STEP_POLL).toBeGreaterThanOrEqual(atLeast);
  }
}
