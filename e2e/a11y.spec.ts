import { VIEW_IDS, VIEWS } from '../src/config/views';
import { axeViolations, VIEW_READY as READY } from './axe';
import { expect, test } from './fixtures';


test.describe('accessibility (axe-core)', () => {
  test.beforeEach(({ backend }) => {
    test.skip(backend !== 'cpu', 'the page is the same on every backend');
  });

  // The light scheme in English (a11y-themes.spec reads the dark one in Chinese), contrast included.
  test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

  // One page for every view (each stays mounted and hidden once left, as a user's would): one page load, not six.
  test('every view: no axe violations, also in presentation mode', async ({ page }) => {
    await page.goto('/');
    for (const view of VIEW_IDS) {
      await page.getByTestId(`tab-${view}`).click();
      await expect(page.getByTestId(`view-${view}`).getByTestId(READY[view]).first()).toBeVisible({ timeout: 120_000 });
      expect(await axeViolations(page), VIEWS[view].label).toEqual([]);
      // An empty chart says how to fill it.
      if (view === 'lab') await expect(page.getByTestId('matmul-chart').getByTestId('matmul-chart-empty')).toHaveText(/Press Run the size sweep to start/);
      await page.getByTestId('btn-present').click();
      await expect(page.getByTestId('intro')).toBeHidden();
      expect(await axeViolations(page), `${VIEWS[view].label} in presentation mode`).toEqual([]);
      await page.getByTestId('btn-present').click();
    }
  });

  test('a lesson, the shortcuts overlay and the lesson editor: no axe violations', async ({ page }) => {
    await page.goto('/#lesson=softmax-temperature&step=2');
    await expect(page.getByTestId('lesson-bar')).toBeVisible();
    await expect(page.getByTestId('view-inspect').getByTestId('draw-canvas')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // The shortcuts work in presentation mode, where their list is offered.
    await page.getByTestId('btn-present').click();
    await page.getByTestId('btn-help').click();
    await expect(page.getByTestId('help-overlay')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('btn-help')).toBeFocused();
    await page.getByTestId('btn-present').click();
    await page.getByTestId('btn-lessons').click();
    await page.getByTestId('btn-write-lesson').click();
    await expect(page.getByTestId('lesson-editor')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('every control is reachable with the keyboard and shows where the focus is', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('view-train').getByTestId('btn-train')).toBeEnabled({ timeout: 120_000 });
    const seen = new Set<string>();
    for (let i = 0; i < 60 && !seen.has('btn-train'); i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return { id: el.dataset.testid ?? el.tagName, outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
      });
      if (!focus) continue;
      expect(focus.outline, `${focus.id} shows its focus`).toBe(true);
      seen.add(focus.id);
    }
    for (const id of ['skip-to-controls', 'language', 'btn-lessons', 'btn-present', 'tab-train', 'field-batchSize', 'btn-train']) expect([...seen]).toContain(id);
    // A radio group, the view tabs and the presets are one tab stop each: the checked option, the open view, one preset.
    expect([...seen].filter((id) => id.startsWith('backend-option-'))).toHaveLength(1);
    expect([...seen].filter((id) => id.startsWith('tab-'))).toEqual(['tab-train']);
    expect([...seen].filter((id) => id.startsWith('preset-'))).toHaveLength(1);
  });

  test('the check itself finds a serious violation when there is one', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('view-train').getByTestId('btn-train')).toBeVisible();
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'data:,';
      document.querySelector('header')?.append(img);
    });
    expect((await axeViolations(page)).some((v) => v.startsWith('image-alt (critical)'))).toBe(true);
  });
});
