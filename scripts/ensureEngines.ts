/**
 * `npm run engines:browsers` (part of `npm test`'s browser step): makes sure Firefox and WebKitGTK's driver are here
 * for the engines' journeys, installing them from Debian as root; the decisions live in browser/findEngines.ts.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { distroOf } from './browser/findBrowser';
import { planEngines, type EngineMachine } from './browser/findEngines';
import { isFile } from './chromium';

function readOsRelease(): string {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}

function run([command, ...args]: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

const machine: EngineMachine = { firefoxPath: process.env.FIREFOX_PATH || undefined, isFile, isRoot: process.getuid?.() === 0, isDebian: distroOf(readOsRelease()).isDebian };
const started = performance.now();
const plan = planEngines(machine);
if (plan.kind === 'manual') {
  console.error(`engines: ${plan.message}\n\nRun:\n\n  ${plan.command}\n\nthen run the tests again.`);
  process.exitCode = 1;
} else if (plan.kind === 'install') {
  console.log(`engines: installing ${plan.provides.join(', ')}: \`${plan.commands.map((c) => c.join(' ')).join(' && ')}\``);
  for (const command of plan.commands) {
    if (!(await run(command))) {
      console.error(`engines: \`${command.join(' ')}\` failed.`);
      process.exitCode = 1;
      break;
    }
  }
  const left = plan.provides.filter((path) => !isFile(path));
  if (!process.exitCode && left.length) {
    console.error(`engines: the install ran but left no ${left.join(', ')}.`);
    process.exitCode = 1;
  }
}
if (!process.exitCode) console.log(`engines: Firefox and WebKit are here (${((performance.now() - started) / 1000).toFixed(1)} s)`);
