/**
 * `npm test`: every check of the project in order, cheapest and most basic first, stopping at the first that
 * fails; then the time of each step. The browser comes first, so a machine without one stops (or gets one)
 * within seconds, not after minutes of other steps. Each step is also a command of its own (package.json).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { formatStepTimes, type StepTime } from './testSteps';

interface Step {
  name: string;
  command: string;
}

const STEPS: Step[] = [
  { name: 'browser', command: 'npm run -s browser' },
  { name: 'data', command: 'npm run -s data' },
  { name: 'typecheck', command: 'npm run -s typecheck' },
  { name: 'lint', command: 'npm run -s lint' },
  { name: 'deps', command: 'npm run -s deps' },
  { name: 'unit', command: 'vitest run' },
  { name: 'export', command: 'npm run -s test:export' },
  { name: 'build', command: 'vite build' },
  { name: 'size', command: 'npm run -s size' },
  { name: 'e2e', command: 'playwright test' },
];

const BIN = path.resolve(import.meta.dirname, '..', 'node_modules', '.bin');

function run(command: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit', env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` } });
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const times: StepTime[] = [];
let failed: string | null = null;
for (const step of STEPS) {
  console.log(`\n▶ npm test: ${step.name} (${step.command})`);
  const started = performance.now();
  const code = await run(step.command);
  times.push({ name: step.name, seconds: (performance.now() - started) / 1000 });
  if (code !== 0) {
    failed = step.name;
    process.exitCode = code;
    break;
  }
}
console.log(`\n${formatStepTimes(times, failed)}`);
