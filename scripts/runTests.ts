/**
 * `npm test`: every check of the project, then the time of each step. The browser comes first, so a machine
 * without one stops (or gets one) within seconds, not after minutes of other steps.
 *
 * Groups run one after the other and the run stops after a group that failed. Inside a group, lanes run side
 * by side, each its steps in order (a lane stops at its first failure). The data step and the static checks
 * share a group: single-threaded programs (the data and kernel build, the type checker, the linters), two lanes
 * for two cores, with the export check's pip install beside them (network and disk). The unit tests spread over the cores themselves, beside the export check (mostly pip and one
 * Python thread), and the end-to-end tests run alone, one at a time: a test in a browser keeps most of two
 * cores busy (the training worker, SwiftShader's GPU process, the test runner polling the page). The first
 * lane of a group prints as it goes; the others print each step's output whole when it ends.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { formatStepTimes, type StepTime } from './testSteps';

interface Step {
  name: string;
  command: string;
}

type Lane = Step[];

const GROUPS: Lane[][] = [
  // Chromium for Playwright, then Firefox and WebKit for the engines' journeys: one after the other, as apt holds one lock.
  [
    [
      { name: 'browser', command: 'npm run -s browser' },
      { name: 'engine browsers', command: 'npm run -s engines:browsers' },
    ],
  ],
  // The data (MNIST assets and the WebAssembly kernels) is needed from the build on; the static checks read only sources.
  [
    [
      { name: 'data', command: 'npm run -s data' },
      { name: 'deps', command: 'npm run -s deps' },
    ],
    [
      { name: 'typecheck', command: 'npm run -s typecheck' },
      { name: 'lint', command: 'npm run -s lint' },
    ],
    // pip's download and unpacking of TensorFlow for the export check, mostly waiting on the network and the disk.
    [{ name: 'python', command: 'tsx scripts/export/prepareEnv.ts' }],
  ],
  [
    [
      { name: 'build', command: 'vite build' },
      { name: 'size', command: 'npm run -s size' },
    ],
  ],
  // The export check runs single-threaded Python for much of its time: it runs beside the unit tests.
  [[{ name: 'unit', command: 'vitest run' }], [{ name: 'export', command: 'npm run -s test:export' }]],
  // The same journeys' core in Firefox and WebKit (e2e/engines), after Chromium's, one browser at a time.
  [
    [
      { name: 'e2e', command: 'playwright test' },
      { name: 'engines', command: 'vitest run --config vitest.engines.config.ts' },
    ],
  ],
];

const BIN = path.resolve(import.meta.dirname, '..', 'node_modules', '.bin');
const ENV = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };

/** Runs one step: its output straight through when live, else gathered and printed whole at its end. */
function run(step: Step, live: boolean): Promise<number> {
  if (live) console.log(`\n▶ npm test: ${step.name} (${step.command})`);
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: ENV });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const end = (code: number) => {
      if (!live) process.stdout.write(`\n▶ npm test: ${step.name} (${step.command}), ran beside the step above: ${code === 0 ? 'passed' : `FAILED (${code})`}\n${Buffer.concat(output).toString()}`);
      resolve(code);
    };
    child.once('error', () => end(1));
    child.once('exit', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a lane's steps in order until one fails; returns each step's time and whether it failed. */
async function runLane(lane: Lane, live: boolean): Promise<{ time: StepTime; code: number }[]> {
  const results: { time: StepTime; code: number }[] = [];
  for (const step of lane) {
    const started = performance.now();
    const code = await run(step, live);
    results.push({ time: { name: step.name, seconds: (performance.now() - started) / 1000 }, code });
    if (code !== 0) break;
  }
  return results;
}

const times: StepTime[] = [];
const failed: string[] = [];
const started = performance.now();
for (const group of GROUPS) {
  const lanes = await Promise.all(group.map((lane, index) => runLane(lane, index === 0)));
  for (const { time, code } of lanes.flat()) {
    times.push(time);
    if (code !== 0) {
      failed.push(time.name);
      process.exitCode = code;
    }
  }
  if (failed.length) break;
}
console.log(`\n${formatStepTimes(times, failed, (performance.now() - started) / 1000)}`);
