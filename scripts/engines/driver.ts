/**
 * What a journey or a bench asks of a browser engine: open a page of the app, run a function in it, click, press
 * keys, and the errors the page met. Firefox goes over WebDriver BiDi with puppeteer-core, WebKitGTK over classic
 * WebDriver with selenium-webdriver (Playwright drives neither here), and Chromium through playwright-core, so a
 * bench compares the three alike. Each engine's file implements it.
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface EngineDriver {
  readonly engine: EngineName;
  /** Opens `path` (`/`, `/#lang=zh-CN`…) of the app as a new visit would, and watches its errors from then on. */
  open(path: string): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and returns its JSON result. */
  run<A extends unknown[], T>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A real click on the element the CSS selector finds, once it stands still on screen (see `settle`). */
  click(selector: string): Promise<void>;
  /** Presses a key on whatever has focus. */
  press(key: 'Tab' | 'Enter'): Promise<void>;
  /** Console errors and uncaught errors the open page met, in order. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/** A `data-testid` selector, optionally inside another one's element. */
export const byTestId = (id: string, within?: string): string => `${within ? `[data-testid="${within}"] ` : ''}[data-testid="${id}"]`;

/** How often a wait reads the page: one protocol round trip each. */
const POLL_MS = 250;

/**
 * Reads `read` until `done` accepts what it returns, or fails after `timeoutMs` with what it read last. Waits on
 * what the page shows, never on a clock.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for ${what}; last read: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    last = await read();
  }
  return last;
}

/**
 * Run in the page before a click: brings the element to the middle of the view and waits until its box is the
 * same for a few frames running (at most `SETTLE_MS`), as Playwright's click does. Classic WebDriver and BiDi
 * click at the point they computed; a panel that grows above the element meanwhile (the lab's device report
 * arriving) moves it, and the click lands beside it.
 */
export async function settle(selector: string): Promise<void> {
  const SETTLE_MS = 5_000;
  const STILL_FRAMES = 3;
  const element = document.querySelector(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  const box = () => JSON.stringify(element.getBoundingClientRect());
  const deadline = performance.now() + SETTLE_MS;
  let last = '';
  let still = 0;
  while (still < STILL_FRAMES && performance.now() < deadline) {
    element.scrollIntoView({ block: 'center', inline: 'center' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = box();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

/** The text of the element a selector finds, or null where none is. */
export function textOf(driver: EngineDriver, selector: string): Promise<string | null> {
  return driver.run((s: string) => document.querySelector(s)?.textContent ?? null, selector);
}

/**
 * Installed in the page by every driver after it opens one: console.error and uncaught errors are kept in the
 * page for errors() to read (classic WebDriver has no log events).
 */
export function watchErrors(): void {
  const seen: string[] = [];
  (window as unknown as { engineErrors: string[] }).engineErrors = seen;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
    original(...args);
  };
  window.addEventListener('error', (event) => seen.push(`uncaught: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => seen.push(`unhandled rejection: ${String(event.reason)}`));
}

export function readErrors(): string[] {
  return (window as unknown as { engineErrors?: string[] }).engineErrors ?? ['the error watch was not installed'];
}
