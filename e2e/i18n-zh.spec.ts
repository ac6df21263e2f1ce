import type { Page } from '@playwright/test';
import '../src/i18n/loadAllCatalogs';
import { catalog } from '../src/i18n/translator';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

// The page speaks the browser's language: this context's is Simplified Chinese.
test.use({ locale: 'zh-CN' });

/** A run that finishes in well under a minute on plain-JS CPU with SwiftShader beside it. */
const SHORT_RUN = { model: 'tiny', batchSize: '32', trainExamples: '3200', testExamples: '500', epochs: '1', seed: '7' };

/** Every piece of text a person sees or hears on the open view and the header: text nodes, options, and accessible names. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element) => !el.closest('[hidden]') && (el as HTMLElement).checkVisibility?.() !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (el && text && !el.closest('script, style, option') && shown(el)) out.push(text);
    }
    for (const select of document.querySelectorAll('select')) if (shown(select)) for (const option of select.options) out.push(option.text.trim());
    for (const el of document.querySelectorAll('[aria-label], [title]')) {
      if (!shown(el)) continue;
      for (const attr of ['aria-label', 'title']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** English catalog messages (whole, or with their arguments as wildcards) found on the page. */
function englishLeftOn(texts: readonly string[]): string[] {
  const english = catalog('en');
  const chinese = catalog('zh-CN');
  const found: string[] = [];
  for (const [id, message] of Object.entries(english)) {
    // Product names and symbols read the same in both catalogs; only a message that has a translation can be left untranslated.
    if (chinese[id] === message || !/[a-z]{3}/i.test(message.replace(/\{[^}]*\}/g, ''))) continue;
    const pattern = new RegExp(`^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]*\}/g, '.+')}$`);
    const hit = texts.find((text) => pattern.test(text));
    if (hit) found.push(`${id}: "${hit}"`);
  }
  return found;
}

test.beforeEach(({ backend }) => {
  test.skip(backend !== 'cpu', 'The language does not depend on the backend: one project is enough.');
});

test('in zh-CN the training journey passes in Chinese, and no English message of the catalog is left on the page', async ({ playground: p, page }) => {
  await p.open();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('tab-train')).toHaveText('训练 CNN');
  await expect(p.button('train')).toHaveText('训练');
  await expect(p.root.getByTestId('preset-quick')).toHaveAttribute('aria-pressed', 'true');

  await p.chooseBackend('cpu');
  await p.setFields(SHORT_RUN);
  await p.button('train').click();
  await expect(p.runState()).toHaveText('训练中');
  await p.waitForSteps(10);
  await p.button('pause').click();
  await expect(p.runState()).toHaveText('已暂停');
  await expect(p.root.getByTestId('run-announcement')).toHaveText('训练已暂停。');
  await p.button('resume').click();
  await expect(p.runState()).toHaveText(/训练中|已完成/);
  await expect(p.runState()).toHaveText('已完成', { timeout: 170_000 });
  await expect(p.root.getByTestId('run-announcement')).toHaveText('运行已完成。');
  await expect(p.stat('test-accuracy')).toHaveText(/^\d+(\.\d+)?%（第 1 轮）$/);
  await expect(p.stat('model')).toHaveText(/^微型 CNN，/);
  const losses = await p.losses();
  expect(losses && losses.latest < losses.first, `loss ${JSON.stringify(losses)}`).toBe(true);
  await expect(p.root.getByTestId('chart-loss-latest')).toHaveText(/^最新（步 \d+）：训练损失 /);

  expect(englishLeftOn(await visibleTexts(page))).toEqual([]);
  expect(await axeViolations(page, '[data-testid="view-train"]')).toEqual([]);
});

test('the language can be switched in the page and travels in the link as lang=', async ({ playground: p, page, browser }) => {
  await p.open();
  await expect(p.button('train')).toHaveText('训练');
  await page.getByTestId('language').selectOption('en');
  await expect(p.button('train')).toHaveText('Train');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language').selectOption('zh-CN');
  await expect(p.button('train')).toHaveText('训练');
  expect(page.url()).toContain('lang=zh-CN');

  // A teacher's link opens in Chinese for a student whose browser speaks English.
  const english = await browser.newContext({ locale: 'en-US' });
  const student = await english.newPage();
  await student.goto(`/${new URL(page.url()).hash}`);
  await expect(student.getByTestId('view-train').getByTestId('btn-train')).toHaveText('训练');
  await english.close();
});
