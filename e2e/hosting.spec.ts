import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/chromium';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { LabPage } from './pages/labPage';
import { BUILD_DIR, buildNextVersion, HOST_RESOLVER_RULE, NETWORK_NAME, StaticHost, startRoomHost } from './staticHost';

// The room's journeys need service workers (the suite blocks them elsewhere) and a name for this machine that is not localhost.
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, HOST_RESOLVER_RULE] } });

/** Marks the tab's session if the app ever rendered before the page was isolated: the flash of a page about to be thrown away. */
async function watchForUnisolatedRender(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (!crossOriginIsolated && document.querySelector('[role="tablist"]')) sessionStorage.setItem('e2e-rendered-unisolated', '1');
    }).observe(document, { childList: true, subtree: true });
  });
}

const waitingWorker = (page: Page) => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

test.describe('hosted for a room', () => {
  // Decided before any fixture: the other projects start no browser for these.
  test.skip(({ backend }) => backend !== 'cpu', 'hosting is the same on every backend: WebAssembly threads are what isolation gives');

  test('a plain static host under a sub-path: isolated after the first load, threads, offline after it, a new version offered between runs', async ({ playground: p, page, context }) => {
    test.setTimeout(300_000);
    const host = new StaticHost();
    const next = mkdtempSync(path.join(tmpdir(), 'gpu-playground-next-'));
    try {
      await host.serve(BUILD_DIR);
      await watchForUnisolatedRender(page);

      // First visit: the service worker installs while the static header shows, one reload, then an isolated page.
      const lab = new LabPage(page);
      await lab.open(host.url());
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
      expect(await page.evaluate(() => sessionStorage.getItem('e2e-rendered-unisolated'))).toBeNull();
      await expect(lab.byId('device-isolated')).toHaveText('yes');
      await expect(lab.byId('device-isolation-how')).toHaveText(/^By the app’s service worker/);
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      expect(cores, 'this journey needs a machine with 2 cores or more').toBeGreaterThanOrEqual(2);
      expect(Number(await lab.byId('device-wasm-threads').innerText())).toBeGreaterThan(1);

      // The quick first run (the defaults) trains; its data set is kept as it loads.
      await page.getByTestId('tab-train').click();
      await p.button('train').click();
      await p.waitForSteps(10);
      await p.button('stop').click();
      await expect(p.runState()).toHaveText('stopped');

      // The network gone: the host down and the browser offline. A reload opens the page, it trains, History has the first run.
      await host.stop();
      await context.setOffline(true);
      await page.reload();
      await expect(p.button('train')).toBeEnabled();
      await p.button('train').click();
      await p.waitForSteps(10);
      await p.button('stop').click();
      await expect(p.runState()).toHaveText('stopped');
      await expect(p.errorMessage()).toHaveCount(0);
      await page.getByTestId('tab-history').click();
      await expect(page.getByTestId('history-panel').getByTestId('history-entry')).toHaveCount(2);
      // Installable offline too: the page's manifest and its icons come from the service worker.
      const installable = await page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
        const manifest = (await (await fetch(href)).json()) as { name: string; icons: { src: string }[] };
        const icons = await Promise.all(manifest.icons.map(async (icon) => (await fetch(new URL(icon.src, href))).headers.get('Content-Type')));
        return { name: manifest.name, icons: [...new Set(icons)] };
      });
      expect(installable).toEqual({ name: 'GPU Playground', icons: ['image/png'] });

      // A new version deployed at the same address, found while a run goes on: never offered, never applied mid-run.
      await buildNextVersion(next, 'second');
      await host.serve(next);
      await context.setOffline(false);
      await page.getByTestId('tab-train').click();
      await p.button('train').click();
      await p.waitForSteps(1);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect.poll(() => waitingWorker(page), { message: 'the new version installed and waits' }).toBe(true);
      const before = await p.stepCount();
      await p.waitForSteps(before + 5);
      await expect(page.getByTestId('update-banner')).toHaveCount(0);
      await p.button('stop').click();
      await expect(p.runState()).toHaveText('stopped');

      // Between runs: "A new version is ready: Reload", and Reload opens it, isolated as before.
      const banner = page.getByTestId('update-banner');
      await expect(banner).toContainText('A new version is ready.');
      expect(await axeViolations(page)).toEqual([]);
      await banner.getByTestId('btn-update-reload').click();
      await expect(page.locator('meta[name="gpu-playground-build"]')).toHaveAttribute('content', 'second');
      await expect(p.button('train')).toBeEnabled();
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
      await expect(page.getByTestId('update-banner')).toHaveCount(0);
    } finally {
      await host.stop();
      rmSync(next, { recursive: true, force: true });
    }
  });

  test('Show link warns on plain http at a network address, and not on https; the device report and the race say why threads are off', async ({ page, browser }) => {
    const host = new StaticHost();
    const room = await startRoomHost();
    try {
      await host.serve(BUILD_DIR);
      // Plain http on a network name: no secure context, so no service worker; the page opens on one thread and says so.
      const lab = new LabPage(page);
      await lab.open(host.url(NETWORK_NAME));
      await expect(lab.byId('device-isolated')).toHaveText('no');
      await expect(lab.byId('device-wasm-threads')).toHaveText('1');
      await expect(lab.byId('device-isolation-how')).toHaveText(/^Not isolated, so WebAssembly runs on one thread: on plain http .*Open the page over https/);
      // A race's "(1 thread)" says the same under its table.
      await lab.setWorkload({ model: 'tiny', batchSize: '16', warmupSteps: '1', measuredSteps: '3' });
      await lab.chooseBackends(['wasm']);
      await lab.run('race');
      await lab.waitUntilDone('race');
      await expect(lab.byId('race-threads-wasm')).toHaveText("(the app's kernels: 1 thread; XNNPACK: 1 thread)");
      await expect(lab.byId('race-isolation-note')).toHaveText(/^Not isolated, so WebAssembly runs on one thread: on plain http/);
      await page.getByTestId('btn-present').click();
      await page.getByTestId('btn-show-link').click();
      const dialog = page.getByTestId('room-link-dialog');
      await expect(dialog.getByTestId('room-qr')).toBeVisible();
      await expect(dialog.getByTestId('room-link-warning')).toHaveText(
        'Students’ browsers will hide WebGPU, the camera and threads on http: use an https address (npm run room serves one).',
      );
      expect(await axeViolations(page)).toEqual([]);

      // The room server (`npm run room`, self-signed https): the QR code can serve the room, nothing to warn of.
      const trusting = await browser.newContext({ ignoreHTTPSErrors: true, serviceWorkers: 'block' });
      const student = await trusting.newPage();
      await student.goto(`${room.url}#present=on`);
      await student.getByTestId('btn-show-link').click();
      await expect(student.getByTestId('room-link-dialog').getByTestId('room-link-url')).toHaveText(new RegExp(`^${room.url.replace(/[.]/g, '\\.')}#`));
      await expect(student.getByTestId('room-link-warning')).toHaveCount(0);
      expect(await student.evaluate(() => crossOriginIsolated)).toBe(true);
      await trusting.close();
    } finally {
      await host.stop();
      await room.close();
    }
  });
});
