import type { Download, Locator, Page } from '@playwright/test';

/** The Train view's model panel and the History tab's saved models, through their data-testid hooks. */
export class ModelPanelPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('model-panel');
  }

  button(name: 'save' | 'download' | 'export' | 'evaluate' | 'continue'): Locator {
    return this.root.getByTestId(`btn-model-${name}`);
  }

  note(): Locator {
    return this.root.getByTestId('model-note');
  }

  error(): Locator {
    return this.root.getByTestId('model-error');
  }

  loadedAccuracy(): Locator {
    return this.root.getByTestId('loaded-model-accuracy');
  }

  loadedDetail(): Locator {
    return this.root.getByTestId('loaded-model-detail');
  }

  async pickFile(name: string, bytes: Buffer): Promise<void> {
    await this.root.getByTestId('model-file-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  }

  /** Clicks `button` and returns the file it downloads. */
  async download(button: Locator): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await button.click();
    return download;
  }

  savedModels(): Locator {
    return this.page.getByTestId('saved-model');
  }

  /** The History tab's "Load its model" button on the run the model came from. */
  loadFromRun(): Locator {
    return this.page.getByTestId('history-load-model');
  }
}
