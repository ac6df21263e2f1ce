/**
 * `npm run browser` (the first step of `npm test` and `npm run test:e2e`): makes sure a Chromium that the
 * end-to-end tests can start is here, installing one where it can, within seconds when one already is.
 * The decisions live in browser/findBrowser.ts; this file only wires in the real machine.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { chromium } from 'playwright-core';
import { describeBrowser, distroOf, ensureBrowser, PLAYWRIGHT_DOWNLOAD_HOST, type Effects, type Launch, type Machine } from './browser/findBrowser';
import { CHROMIUM_ARGS, isFile } from './chromium';
import { vulkanLoaderPlan } from './browser/vulkanLoader';

/** A browser start on a loaded 2-core machine takes a few seconds; one that hangs fails here, not in the suite. */
const LAUNCH_TIMEOUT_MS = 60_000;
/** Long enough for a TCP handshake across the world, short enough that a firewalled machine stops in seconds. */
const CONNECT_TIMEOUT_MS = 5_000;
const HTTPS_PORT = 443;

function readOsRelease(): string {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}

const machine: Machine = {
  chromiumPath: process.env.CHROMIUM_PATH || undefined,
  isFile,
  isRoot: process.getuid?.() === 0,
  ...distroOf(readOsRelease()),
};

async function launch(executablePath: string | undefined): Promise<Launch> {
  try {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: LAUNCH_TIMEOUT_MS });
    const version = browser.version();
    await browser.close();
    return { ok: true, version };
  } catch (err) {
    const message = (err as Error).message;
    return { ok: false, missing: /Executable doesn't exist/i.test(message), message: message.split('\n').slice(0, 8).join('\n') };
  }
}

/** Behind a proxy the installer knows better than a direct connection: let it try. */
function canDownload(): Promise<boolean> {
  if (process.env.HTTPS_PROXY || process.env.https_proxy) return Promise.resolve(true);
  const host = process.env.PLAYWRIGHT_DOWNLOAD_HOST ? new URL(process.env.PLAYWRIGHT_DOWNLOAD_HOST).hostname : PLAYWRIGHT_DOWNLOAD_HOST;
  return new Promise((resolve) => {
    const socket = connect({ host, port: HTTPS_PORT, timeout: CONNECT_TIMEOUT_MS });
    const done = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

function run([command, ...args]: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    child.once('error', (err) => {
      console.error(`browser: ${command}: ${err.message}`);
      resolve(false);
    });
    child.once('exit', (code) => resolve(code === 0));
  });
}

/** The Vulkan loader Dawn needs in Node for the engine's unit tests (browser/vulkanLoader.ts). */
async function ensureVulkanLoader(): Promise<void> {
  const plan = vulkanLoaderPlan({ platform: process.platform, isFile, isRoot: machine.isRoot, aptFamily: machine.aptFamily });
  if (plan.action === 'none') return;
  if (plan.action === 'install' && ((await run(plan.command)) || ((await run(['apt-get', 'update', '-qq'])) && (await run(plan.command))))) {
    console.log('browser: installed the Vulkan loader (libvulkan1) for the WebGPU engine\'s unit tests');
    return;
  }
  const command = plan.action === 'tell' ? plan.command : 'apt-get install -y libvulkan1';
  console.error(`browser: the WebGPU engine's unit tests need a Vulkan loader (libvulkan.so.1). Run:\n\n  ${command}\n`);
  process.exitCode = 1;
}

const effects: Effects = { launch, canDownload, run, log: (line) => console.log(`browser: ${line}`) };

const started = performance.now();
const outcome = await ensureBrowser(machine, effects);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (outcome.ok) {
  console.log(`browser: ${describeBrowser(outcome.browser)}, ${outcome.version}${outcome.installedBy ? `, installed by ${outcome.installedBy}` : ''}; starts headless (${seconds} s)`);
  await ensureVulkanLoader();
} else {
  console.error(`browser: ${outcome.message}\n\nRun:\n\n  ${outcome.command}\n\nthen run the tests again (or set CHROMIUM_PATH to a Chromium or Chrome binary).`);
  process.exitCode = 1;
}
