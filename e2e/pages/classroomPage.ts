import { expect, type Locator, type Page } from '@playwright/test';
import type { LessonStep } from '../../src/config/lessons';

/**
 * The classroom parts of the page through their data-testid hooks: the lesson bar and menu,
 * presentation mode and its help, the lesson editor, and each lesson panel of each view.
 */
export class ClassroomPage {
  constructor(readonly page: Page) {}

  byId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  view(view: string): Locator {
    return this.byId(`view-${view}`);
  }

  /** A panel of a view as a lesson names it: a lesson-panel wrapper, or the element that is that panel. */
  panel(view: string, panel: string): Locator {
    const root = this.view(view);
    const kind = view === 'gan' ? 'gan' : 'cnn';
    const direct: Record<string, string> = { setup: 'btn-train', stats: 'stats', samples: 'sample-grid', share: `run-share-${kind}` };
    if (view === 'train' || view === 'gan') return root.getByTestId(direct[panel] ?? panel);
    return root.locator(`[data-panel="${panel}"]`);
  }

  async openLink(hash: string): Promise<void> {
    await this.page.goto(`/${hash}`);
  }

  async expectStep(title: string, step: LessonStep, index: number, count: number): Promise<void> {
    await expect(this.byId('lesson-title')).toHaveText(title);
    await expect(this.byId('lesson-step')).toHaveText(new RegExp(`^Step ${index + 1} of ${count} · `));
    await expect(this.byId('lesson-text')).toHaveText(step.text);
    await expect(this.view(step.view)).toBeVisible();
  }

  /** A form field of a view, as the view names its inputs. */
  field(view: string, key: string): Locator {
    const prefix = view === 'lab' ? 'lab-field' : view === 'inspect' ? 'inspect-field' : 'field';
    return this.view(view).getByTestId(`${prefix}-${key}`);
  }

  button(name: 'next' | 'prev' | 'close'): Locator {
    return this.byId(`btn-lesson-${name}`);
  }

  async htmlFontSizePx(): Promise<number> {
    return this.page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  }
}
