/** Chromium as the other engines are driven (driver.ts), through playwright-core, so a bench compares the three alike. */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium';
import type { EngineDriver } from './driver';

export async function launchChromium(baseUrl: string, extraArgs: readonly string[] = []): Promise<EngineDriver> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, ...extraArgs] });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return {
    engine: 'chromium',
    async open(path) {
      errors.length = 0;
      await page.goto(new URL(path, baseUrl).href);
    },
    // The function's source and JSON arguments, as the other drivers send them.
    run: <A extends unknown[], T>(fn: (...args: A) => T | Promise<T>, ...args: A) => page.evaluate(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`) as Promise<T>,
    click: (selector) => page.click(selector),
    press: (key) => page.keyboard.press(key),
    errors: async () => [...errors],
    close: () => browser.close(),
  };
}
