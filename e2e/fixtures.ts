import { test as base } from '@playwright/test';
import type { BackendName } from '../src/config/backends';
import { PlaygroundPage } from './pages/playgroundPage';

export interface BackendOptions {
  backend: BackendName;
}

/** Each Playwright project runs the same journeys on its own backend. */
export const test = base.extend<BackendOptions & { playground: PlaygroundPage }>({
  backend: ['cpu', { option: true }],
  playground: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await use(new PlaygroundPage(page));
    if (errors.length) throw new Error(`Uncaught page errors: ${errors.join('; ')}`);
  },
});

export { expect } from '@playwright/test';
