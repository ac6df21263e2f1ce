import { expect, type Locator, type Page } from '@playwright/test';
import type { BackendName } from '../../src/config/backends';

/** The training page, through its data-testid hooks only. */
export class PlaygroundPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('backend-picker')).toBeVisible();
  }

  backendOption(name: BackendName): Locator {
    return this.page.getByTestId(`backend-option-${name}`);
  }

  async chooseBackend(name: BackendName): Promise<void> {
    await expect(this.backendOption(name), await this.backendReason(name)).toBeEnabled();
    await this.backendOption(name).check();
  }

  backendReason(name: BackendName): Promise<string> {
    return this.page.getByTestId(`backend-reason-${name}`).innerText();
  }

  field(key: string): Locator {
    return this.page.getByTestId(`field-${key}`);
  }

  fieldError(key: string): Locator {
    return this.page.getByTestId(`field-error-${key}`);
  }

  async setFields(values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      const field = this.field(key);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
  }

  button(name: 'train' | 'pause' | 'resume' | 'step' | 'stop' | 'evaluate'): Locator {
    return this.page.getByTestId(`btn-${name}`);
  }

  runState(): Locator {
    return this.page.getByTestId('run-state');
  }

  stat(id: string): Locator {
    return this.page.getByTestId(`stat-${id}`);
  }

  /** Steps done so far, from "12 / 186 (epoch 1)". */
  async stepCount(): Promise<number> {
    const text = await this.stat('step').innerText();
    const match = /^(\d+) \//.exec(text);
    return match ? Number(match[1]) : 0;
  }

  /** First and latest train loss, from "2.31 → 1.2". */
  async losses(): Promise<{ first: number; latest: number } | null> {
    const match = /^([\d.]+) → ([\d.]+)$/.exec(await this.stat('loss').innerText());
    return match ? { first: Number(match[1]), latest: Number(match[2]) } : null;
  }

  async tensorCount(): Promise<number> {
    return Number(await this.stat('tensors').innerText());
  }

  async chartPoints(id: string): Promise<number> {
    return Number(await this.page.getByTestId(`chart-${id}`).getAttribute('data-points'));
  }

  async waitForSteps(atLeast: number): Promise<void> {
    await expect.poll(() => this.stepCount(), { timeout: 120_000 }).toBeGreaterThanOrEqual(atLeast);
  }
}
