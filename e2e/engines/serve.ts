/** Vitest global setup of the engines' journeys: serves the build (`vite build` first) as Playwright's webServer does. */
import { spawn } from 'node:child_process';
import { baseUrl, servedPort } from './served';

const START_TIMEOUT_MS = 60_000;

export default async function serve(): Promise<() => void> {
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(servedPort()), '--strictPort'], { stdio: 'ignore', detached: true });
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(baseUrl())).ok) return stop;
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`vite preview did not serve ${baseUrl()} (is the port taken? ENGINES_PORT picks another)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
