/**
 * Where the engines' journeys find the build and the browsers: the port `vite preview` serves on (ENGINES_PORT,
 * beside Playwright's E2E_PORT so two checkouts can run side by side), and each engine's binary.
 */
import { FIREFOX_PATH_DEFAULT } from '../../scripts/browser/findEngines';

const DEFAULT_PORT = 4175;

export function servedPort(): number {
  return Number(process.env.ENGINES_PORT ?? DEFAULT_PORT);
}

export function baseUrl(): string {
  return `http://127.0.0.1:${servedPort()}`;
}

/** WebKitWebDriver listens on the port after the served one. */
export function webKitDriverPort(): number {
  return servedPort() + 1;
}

export function engineBinaries(): { firefox: string } {
  return { firefox: process.env.FIREFOX_PATH || FIREFOX_PATH_DEFAULT };
}
