import type { Page } from '@playwright/test';
import { VIEW_IDS, VIEWS } from '../src/config/views';
import { axeViolations, VIEW_READY as READY } from './axe';
import { expect, test } from './fixtures';


/** One epoch of the tiny CNN on a slice of MNIST: seconds on the cpu backend. */
const TINY_RUN = { model: 'tiny', batchSize: '32', learningRate: '0.01', trainExamples: '320', testExamples: '100', epochs: '1', seed: '7' };

async function openView(page: Page, view: (typeof VIEW_IDS)[number]): Promise<void> {
  await page.getByTestId(`tab-${view}`).click();
  await expect(page.getByTestId(`view-${view}`).getByTestId(READY[view]).first()).toBeVisible({ timeout: 120_000 });
}

/** How far the page is wider than its window (scrollWidth − innerWidth): at most 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('readable in both colour schemes, at 360 px and at 200% zoom', () => {
  test.beforeEach(({ backend }) => {
    test.skip(backend !== 'cpu', 'the page is the same on every backend');
  });

  // Contrast belongs to the scheme, wording to the language: each scheme is read in one language (the four pairs cost
  // twice the time and find nothing more). The light scheme in English is a11y.spec's scan of every view; here the dark
  // one in Chinese.
  test.describe('dark scheme', () => {
    test.use({ colorScheme: 'dark', reducedMotion: 'reduce' });

    test('every view in zh-CN: no axe violations (contrast included); empty charts say how to fill them', async ({ page }) => {
      await page.goto('/#lang=zh-CN');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      for (const view of VIEW_IDS) {
        await openView(page, view);
        expect(await axeViolations(page), `${VIEWS[view].label} in dark, zh-CN`).toEqual([]);
      }
      const matmul = page.getByTestId('matmul-chart');
      await expect(matmul.getByTestId('matmul-chart-empty')).toHaveText(/点击“开始尺寸扫描”即可开始/);
      await expect(matmul.locator('canvas')).toBeHidden();
    });
  });

  test('a chart shows its figures as a table, and the page stays readable (dark)', async ({ playground: p, page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await p.open();
    const loss = page.getByTestId('view-train').getByTestId('chart-loss');
    await expect(loss.getByTestId('chart-loss-empty')).toContainText('Press Train to start');
    await p.chooseBackend('cpu');
    await p.setFields(TINY_RUN);
    await p.button('train').click();
    await expect(p.runState()).toHaveText('finished', { timeout: 150_000 });
    await expect(loss.getByTestId('chart-loss-latest')).toContainText(/Latest.*train loss \d/);
    // The canvas, hidden while the chart was empty, is laid out and drawn once it has points.
    expect((await loss.locator('canvas').boundingBox())?.height).toBeGreaterThan(100);
    await loss.getByTestId('chart-loss-table-toggle').click();
    const table = loss.getByTestId('chart-loss-table');
    await expect(table.locator('caption')).toContainText('Loss');
    await expect(table.locator('thead th[scope="col"]').first()).toHaveText('step');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('at 360 px wide', () => {
    test.use({ viewport: { width: 360, height: 800 } });
    test('no view scrolls the page sideways, and axe finds nothing there', async ({ page }) => {
      await page.goto('/');
      for (const view of VIEW_IDS) {
        await openView(page, view);
        expect(await sidewaysOverflow(page), VIEWS[view].label).toBeLessThanOrEqual(0);
        expect(await axeViolations(page), `${VIEWS[view].label} at 360 px`).toEqual([]);
      }
    });
  });

  test.describe('at 200% zoom of a 1280×800 window', () => {
    // 200% zoom gives the page half the CSS pixels at twice the density.
    test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
    test('no view scrolls the page sideways', async ({ page }) => {
      await page.goto('/');
      for (const view of VIEW_IDS) {
        await openView(page, view);
        expect(await sidewaysOverflow(page), VIEWS[view].label).toBeLessThanOrEqual(0);
      }
    });
  });
});
