/**
 * Firefox (Debian's firefox-esr), headless, driven by puppeteer-core over WebDriver BiDi, a fresh profile each
 * launch. Its console errors and uncaught errors come from BiDi's log events, the page's workers' included.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { settle, type EngineDriver } from './driver';

export async function launchFirefox(baseUrl: string, executablePath: string): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  const page: Page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${String(error)}`));
  // The function's source and JSON arguments, as classic WebDriver sends them; the page's answer is the caller's T.
  const run: EngineDriver['run'] = <A extends unknown[], T>(fn: (...args: A) => T | Promise<T>, ...args: A) =>
    page.evaluate(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`) as Promise<T>;
  return {
    engine: 'firefox',
    async open(path) {
      errors.length = 0;
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
    },
    run,
    async click(selector) {
      await run(settle, selector);
      await page.click(selector);
    },
    press: (key) => page.keyboard.press(key),
    errors: async () => [...errors],
    close: () => browser.close(),
  };
}
