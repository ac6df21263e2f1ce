import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';

/** Pixels of the QR code drawn for the decoder: the dialog's SVG at this size. */
const QR_PIXELS = 600;

/** The class board view and the room link's QR dialog, through their data-testid hooks only. */
export class BoardPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('view-board');
  }

  byId(testId: string): Locator {
    return this.root.getByTestId(testId);
  }

  async open(): Promise<void> {
    await this.page.getByTestId('tab-board').click();
    await expect(this.byId('board-paste')).toBeVisible();
  }

  /** Pastes a block of text and adds it; resolves when the board has read it. */
  async paste(text: string): Promise<void> {
    await this.byId('board-paste').fill(text);
    await this.byId('btn-board-add').click();
    await expect(this.byId('board-paste')).toHaveValue('', { timeout: 30_000 });
  }

  /** Waits until the chart has drawn this many devices. */
  async expectDrawn(devices: number): Promise<void> {
    await expect(this.byId('board-chart')).toHaveAttribute('data-drawn', String(devices), { timeout: 30_000 });
  }

  rows(): Locator {
    return this.byId('board-row');
  }

  refusals(): Locator {
    return this.byId('board-refusal');
  }

  /** Copies the board link (or reads it from the box the page selects when copying is refused). */
  async boardLink(): Promise<string> {
    await expect(this.byId('btn-board-link')).toBeEnabled();
    await this.byId('btn-board-link').click();
    await expect(this.byId('board-link')).toBeVisible();
    return this.byId('board-link').inputValue();
  }

  /** Opens the room link's dialog from the header. */
  async showLink(): Promise<Locator> {
    await this.page.getByTestId('btn-show-link').click();
    const dialog = this.page.getByTestId('room-link-dialog');
    await expect(dialog.getByTestId('room-qr')).toBeVisible();
    return dialog;
  }

  /** What a phone reads from the dialog's QR code: the SVG drawn on a canvas in the page, decoded with jsQR. */
  async readQr(): Promise<string | null> {
    const base64 = await this.page.evaluate(async (size) => {
      const svg = document.querySelector('[data-testid="room-qr"]');
      if (!svg) return '';
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const context = canvas.getContext('2d');
      if (!context) return '';
      context.drawImage(image, 0, 0, size, size);
      const pixels = context.getImageData(0, 0, size, size).data;
      let binary = '';
      for (let i = 0; i < pixels.length; i += 0x8000) binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      return btoa(binary);
    }, QR_PIXELS);
    const pixels = new Uint8ClampedArray(Buffer.from(base64, 'base64'));
    return pixels.length ? (jsQR(pixels, QR_PIXELS, QR_PIXELS)?.data ?? null) : null;
  }
}
