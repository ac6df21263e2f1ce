/**
 * WebKitGTK (Debian's webkit2gtk-driver): WebKitWebDriver starts MiniBrowser in automation mode under a virtual X
 * display (xvfb-run), driven by selenium-webdriver over classic WebDriver (WebKitGTK has no BiDi). Errors are read
 * from the page's own watch (driver.ts `watchErrors`), installed as soon as a page opens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver';
import { readErrors, settle, watchErrors, type EngineDriver } from './driver';

/** Debian's MiniBrowser, the browser WebKitWebDriver starts. */
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** WebKitWebDriver answers within a second or two once its display is up. */
const DRIVER_START_MS = 30_000;

async function driverReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + DRIVER_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url} within ${DRIVER_START_MS / 1000} s`);
}

export async function launchWebKit(baseUrl: string, driverPort: number): Promise<EngineDriver> {
  // Its own process group, so close() ends xvfb-run, its X server and the driver together, by id.
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', 'WebKitWebDriver', `--port=${driverPort}`], { detached: true, stdio: 'ignore' });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  const server = `http://127.0.0.1:${driverPort}`;
  let driver: WebDriver;
  try {
    await driverReady(server, child);
    driver = await new Builder()
      .usingServer(server)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
      .build();
  } catch (err) {
    stop();
    throw err;
  }
  const run: EngineDriver['run'] = (fn, ...args) => driver.executeScript(`return (${fn.toString()}).apply(null, arguments)`, ...args);
  return {
    engine: 'webkit',
    async open(path) {
      await driver.get(new URL(path, baseUrl).href);
      await run(watchErrors);
    },
    run,
    async click(selector) {
      await run(settle, selector);
      await driver.findElement(By.css(selector)).click();
    },
    press: (key) => driver.actions().sendKeys(key === 'Tab' ? Key.TAB : Key.ENTER).perform(),
    errors: () => run(readErrors),
    async close() {
      try {
        await driver.quit();
      } finally {
        stop();
      }
    },
  };
}
