import { expect, type Locator, type Page } from '@playwright/test';

/** The "Look inside" view through its data-testid hooks. */
export class InspectPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('view-inspect');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('tab-inspect').click();
    await expect(this.root.getByTestId('draw-canvas')).toBeVisible();
  }

  /** Opens the view from the training view's "Look inside this model" (shown once a run has stepped). */
  async openFromTraining(): Promise<void> {
    await this.page.getByTestId('view-train').getByTestId('btn-look-inside').click();
    await expect(this.root.getByTestId('draw-canvas')).toBeVisible();
  }

  byId(testId: string): Locator {
    return this.root.getByTestId(testId);
  }

  /** Draws strokes with the mouse; each stroke is a list of points in 0..1 of the canvas. */
  async draw(strokes: [number, number][][]): Promise<void> {
    await this.byId('draw-canvas').scrollIntoViewIfNeeded();
    const box = await this.byId('draw-canvas').boundingBox();
    if (!box) throw new Error('the drawing canvas is not on screen');
    const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
    for (const stroke of strokes) {
      await this.page.mouse.move(...at(stroke[0]));
      await this.page.mouse.down();
      for (const point of stroke.slice(1)) await this.page.mouse.move(...at(point), { steps: 8 });
      await this.page.mouse.up();
    }
  }

  async predictedClass(): Promise<number> {
    return Number(await this.byId('predicted-class').getAttribute('data-class'));
  }

  async probability(digit: number): Promise<number> {
    return Number(await this.byId(`prob-${digit}`).getAttribute('data-value'));
  }
}
