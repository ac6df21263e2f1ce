/**
 * Headless benchmark: builds the app, serves it, and runs the app's own workers in Chromium.
 *
 *   --workload train (default): the app's training loop next to a bare tfjs trainOnBatch loop, per backend.
 *   --workload gan --model mlp|dcgan: the same for a GAN, against a Keras-style D / frozen-D stack loop.
 *   --workload race | matmul | batch: the Benchmark lab's race, matrix-multiply size sweep or batch
 *     sweep, through the same lab worker the page uses, all backends in one page.
 *
 *   npm run bench -- --model classic --backends cpu,webgl,webgpu --warmup 3 --steps 10
 *   npm run bench -- --workload gan --model mlp --warmup 3 --steps 10
 *   npm run bench -- --workload race --model tiny --warmup 2 --steps 10 --json bench-results/race.json
 *   npm run bench -- --workload matmul --sizes 32..2048
 *   npm run bench -- --workload batch --model tiny --batches 16..512
 *   npm run bench -- --browser-arg=--use-angle=vulkan --json bench-results/run.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { isBackendName, type BackendName } from '../src/config/backends';
import { parseGanConfig } from '../src/config/ganConfig';
import { parseCnnConfig, type RunConfig } from '../src/config/runConfig';
import type { LabJobState } from '../src/engine/lab/labJob';
import type { LabEvent, LabJobCommand } from '../src/engine/lab/labProtocol';
import { parseLabWorkload, parseSizeList } from '../src/engine/lab/labSettings';
import type { BenchRow } from '../src/engine/protocol';
import { deviceSummary, labJson, labTable, markdownTable } from './benchTable';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium';

const WORKLOADS = ['train', 'gan', 'race', 'matmul', 'batch'] as const;
type Workload = (typeof WORKLOADS)[number];
/** At most one progress line per this many ms on the terminal. */
const PROGRESS_LOG_INTERVAL_MS = 1000;
const MS_PER_SECOND = 1000;

const { values: args } = parseArgs({
  options: {
    workload: { type: 'string', default: 'train' },
    model: { type: 'string', default: 'classic' },
    dataset: { type: 'string', default: 'mnist' },
    backends: { type: 'string', default: 'cpu,webgl,webgpu' },
    batch: { type: 'string', default: '64' },
    seed: { type: 'string', default: '42' },
    warmup: { type: 'string', default: '3' },
    steps: { type: 'string', default: '10' },
    examples: { type: 'string', default: '6400' },
    sizes: { type: 'string', default: '32..2048' },
    batches: { type: 'string', default: '16..512' },
    'matmul-warmup': { type: 'string', default: '2' },
    runs: { type: 'string', default: '5' },
    'point-budget-s': { type: 'string', default: '20' },
    'no-bare': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    'browser-arg': { type: 'string', multiple: true, default: [] },
  },
});

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function wholeNumber(flag: string, min: number): number {
  const value = Number(args[flag as keyof typeof args]);
  if (!Number.isInteger(value) || value < min) fail(`--${flag} must be a whole number >= ${min}`);
  return value;
}

const workload = args.workload as Workload;
if (!WORKLOADS.includes(workload)) fail(`unknown workload "${args.workload}" (one of ${WORKLOADS.join(', ')})`);
const backends = args.backends.split(',').map((b) => b.trim());
const badBackend = backends.find((b) => !isBackendName(b));
if (badBackend) fail(`unknown backend "${badBackend}"`);
const warmupSteps = wholeNumber('warmup', 1);
const measuredSteps = wholeNumber('steps', 2);

function trainConfigFor(backend: BackendName): RunConfig {
  const { config, errors } =
    workload === 'gan'
      ? parseGanConfig({ backend, model: args.model, batchSize: args.batch, steps: '1000000', seed: args.seed })
      : parseCnnConfig({ backend, model: args.model, batchSize: args.batch, trainExamples: args.examples, testExamples: '100', epochs: '100' });
  if (errors.length) fail(errors.map((e) => e.message).join('; '));
  return config;
}

/** The app's loop against a bare trainOnBatch loop, one page per backend (the original bench). */
async function runTrainBench(browser: Browser, url: string): Promise<void> {
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  for (const backend of backends as BackendName[]) {
    const page = await openBenchPage(browser, url);
    console.error(`bench: ${backend}: ${warmupSteps} warm-up + ${measuredSteps} measured steps of ${args.model}, batch ${args.batch}…`);
    const command = { type: 'benchmark' as const, config: trainConfigFor(backend), warmupSteps, measuredSteps, includeBareLoop: !args['no-bare'] };
    try {
      rows.push(...(await page.evaluate((cmd) => window.runBenchmark(cmd), command)));
    } catch (err) {
      failures.push(`${backend}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
    await page.close();
  }
  console.log(`\nModel ${args.model}, batch ${args.batch}, ${warmupSteps} warm-up + ${measuredSteps} measured steps; app rows time sync windows, bare rows time each trainOnBatch.\n`);
  console.log(markdownTable(rows));
  for (const f of failures) console.log(`\nFAILED ${f}`);
  writeJson({ args, rows, failures });
  if (failures.length) process.exitCode = 1;
}

function labCommand(): LabJobCommand {
  const { workload: spec, errors } = parseLabWorkload({ model: args.model, dataset: args.dataset, batchSize: args.batch, seed: args.seed, warmupSteps, measuredSteps });
  if (errors.length) fail(errors.map((e) => e.message).join('; '));
  const chosen = backends as BackendName[];
  const pointBudgetMs = wholeNumber('point-budget-s', 1) * MS_PER_SECOND;
  const runId = 2;
  if (workload === 'race') return { type: 'race', runId, workload: spec, backends: chosen };
  if (workload === 'matmul') {
    const sizes = parseSizeList(args.sizes) ?? fail('--sizes must look like 32..2048 (powers of two) or 32,64,100');
    return { type: 'matmulSweep', runId, backends: chosen, sizes, warmupRuns: wholeNumber('matmul-warmup', 0), timedRuns: wholeNumber('runs', 1), pointBudgetMs };
  }
  const batchSizes = parseSizeList(args.batches) ?? fail('--batches must look like 16..512 (powers of two) or 16,48,100');
  return { type: 'batchSweep', runId, workload: spec, backends: chosen, batchSizes, pointBudgetMs };
}

function progressLogger(): (event: LabEvent) => void {
  let lastLog = 0;
  return (event) => {
    if (event.type === 'backendStopped') console.error(`bench: ${event.stop.reason}`);
    if (event.type === 'raceRow') console.error(`bench: ${event.row.backend}: median step ${event.row.medianStepMs.toFixed(1)} ms`);
    if (event.type !== 'progress' || Date.now() - lastLog < PROGRESS_LOG_INTERVAL_MS) return;
    lastLog = Date.now();
    console.error(`bench: [${String(Math.round(event.fraction * 100)).padStart(3)}%] ${event.message}`);
  };
}

/** The lab's race or sweeps in one page: device report first, then the job, as the lab tab runs them. */
async function runLabBench(browser: Browser, url: string): Promise<void> {
  const command = labCommand();
  const page = await openBenchPage(browser, url);
  await page.exposeFunction('onLabEvent', progressLogger());
  const device = await page.evaluate((cmd) => window.runLab(cmd), { type: 'deviceReport' as const, runId: 1 });
  const report = device.deviceReport?.report ?? null;
  console.error(`bench: ${workload} on ${backends.join(', ')}…`);
  const job: LabJobState = await page.evaluate((cmd) => window.runLab(cmd), command);
  await page.close();
  console.log(`\n${deviceSummary(report)}\n`);
  console.log(labTable(job, args));
  if (job.error) console.log(`\nFAILED ${job.error}`);
  writeJson(labJson(job, args, report));
  if (job.status !== 'done' || job.stops.some((s) => s.kind === 'error')) process.exitCode = 1;
}

async function openBenchPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(0);
  await page.goto(`${url}bench.html`);
  await page.waitForFunction(() => typeof window.runBenchmark === 'function' && typeof window.runLab === 'function');
  return page;
}

function writeJson(value: unknown): void {
  if (!args.json) return;
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, JSON.stringify(value, null, 2));
}

async function main(): Promise<void> {
  if (!args['no-build']) await build({ logLevel: 'warn' });
  const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) fail('the preview server did not report its address');
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, ...args['browser-arg']] });
  try {
    if (workload === 'train' || workload === 'gan') await runTrainBench(browser, url);
    else await runLabBench(browser, url);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
