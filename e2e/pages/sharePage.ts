import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** A run here (a race on software-rendered backends) can take minutes. */
const RUN_TIMEOUT_MS = 150_000;

/** Sharing, shared links, comparison and history, through their data-testid hooks only. */
export class SharePage {
  constructor(readonly page: Page) {}

  byId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** The panel of a result opened from a link. */
  get shared(): Locator {
    return this.byId('shared-panel');
  }

  /** The share / export bar of the latest run of a view: 'cnn', 'gan' or 'race'. */
  runShare(kind: 'cnn' | 'gan' | 'race'): Locator {
    return this.byId(`run-share-${kind}`);
  }

  /** Clicks Share in `scope`, waits for the confirmation and returns the link. */
  async share(scope: Locator): Promise<{ link: string; status: string }> {
    await scope.getByTestId('btn-share').click();
    await expect(scope.getByTestId('share-link')).toBeVisible();
    return { link: await scope.getByTestId('share-link').inputValue(), status: await scope.getByTestId('share-status').innerText() };
  }

  /** Clicks an export button and returns the downloaded file's name and text. */
  async download(button: Locator): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }

  async runHereAndWait(): Promise<void> {
    await expect(this.shared.getByTestId('btn-run-here')).toBeEnabled({ timeout: RUN_TIMEOUT_MS });
    await this.shared.getByTestId('btn-run-here').click();
    await expect(this.shared.getByTestId('compare-status')).toHaveText(/Compared with this device|Could not run here/, { timeout: RUN_TIMEOUT_MS });
    await expect(this.shared.getByTestId('compare-note')).toHaveCount(0);
    await expect(this.shared.getByTestId('compare-status')).toHaveText('Compared with this device');
  }

  /** A cell of the comparison table: side 'a' (theirs), 'b' (yours) or 'ratio'. */
  compareCell(backend: string, figure: string, side: 'a' | 'b' | 'ratio'): Locator {
    return this.shared.getByTestId(`shared-compare-${backend}-${figure}-${side}`);
  }

  async chartPoints(scope: Locator, testId: string, side: 'a' | 'b'): Promise<number> {
    return Number(await scope.getByTestId(testId).getAttribute(`data-points-${side}`));
  }

  async openHistory(): Promise<Locator> {
    await this.byId('tab-history').click();
    const panel = this.byId('history-panel');
    await expect(panel.getByTestId('history-count')).not.toHaveText('Reading the history…');
    return panel;
  }

  linkError(): Locator {
    return this.byId('link-error');
  }
}
