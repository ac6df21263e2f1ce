/**
 * Headless benchmark: builds the app, serves it, and runs the app's own workers in Chromium.
 *
 *   --workload train (default): the app's training loop next to a bare tfjs trainOnBatch loop, per backend.
 *   --workload gan --model mlp|dcgan: the same for a GAN, against a Keras-style D / frozen-D stack loop.
 *   --workload race | matmul | batch: the Benchmark lab's race, matrix-multiply size sweep or batch
 *     sweep, through the same device worker the page uses, all backends in one page.
 *   --no-isolation: serve without COOP/COEP, so WebAssembly runs single-threaded (compare with the default).
 *   --workload firstrun --engines chromium,firefox,webkit --backends wasm [--runs 3]: the same, in each browser
 *     engine side by side (Firefox and WebKit as the engines' journeys drive them), with the steps' own time.
 *   --workload firstrun [--backends cpu,wasm,webgl]: a fresh page's first Train press with the
 *     defaults: seconds to the first loss point and to the finished run, and its test accuracy;
 *     without --backends, on the backend the page picks itself (what a new user gets).
 *   --workload pageload [--runs 10] [--root DIR]: first contentful paint, script bytes before load
 *     and time to a clickable Train, on the production build (of DIR, another checkout, if given).
 *   --workload ceiling [--models tiny,classic,large,mlp,gan-mlp] [--batches 32,64] [--runs 3] [--python PATH]:
 *     the app's WebAssembly training step (1 thread and every core) beside PyTorch's (each thread count) on
 *     the same CPU and network, in --runs interleaved runs: medians and their spread, the machine (CPU
 *     model, SIMD extensions, cores), PyTorch's version, threads and build, XNNPACK's thread count.
 *   --workload kernels [--model classic] [--batch 64] [--threads 1]: one WebAssembly step kernel by
 *     kernel, TensorFlow.js's own kernels against the app's.
 *   --workload board [--links 200] [--runs 5]: the class board, from a paste of that many result links
 *     to the chart drawn (fresh pages), and the board link's length for a class of 30.
 *   --workload engine [--models classic,gan-mlp,gan-dcgan] [--batches 64] [--window 10] [--gemm tuned,legacy-direct]
 *     [--rounds 3] [--parity]: WebGPU with the app's own engine and with TensorFlow.js's kernels, step by step:
 *     dispatches, submits, waits, buffers and bind groups made per step, pipelines, CPU ms to record and submit a
 *     step, step ms (windows of --window steps in flight, --steps measured); the app's engine once per --gemm
 *     choice (tuned: the tuner's; or a candidate forced, legacy-direct being the engine's first kernels), rounds
 *     alternating the lanes' order, each choice's step time over legacy-direct's, and the tuner's candidates and
 *     choice per product (--tune-budget-s 600: the tuner times every candidate of every product whatever the
 *     adapter's speed, SwiftShader too, remembering nothing; --no-run-ahead: no window recorded ahead of a read,
 *     for the GPU's idle time between windows without it); --parity also runs the lab's parity check (--steps steps at --batch, default 8) of each
 *     CNN on cpu and both engines, with each lane's largest loss gap to cpu.
 *   --workload decode [--images 10000] [--side 64] [--runs 3]: a zip of that many generated pictures
 *     imported as a data set of your own (fresh pages): seconds to the set kept, and the page's longest
 *     main-thread task meanwhile (goal: none over 50 ms).
 *
 *   npm run bench -- --model classic --backends cpu,webgl,webgpu --warmup 3 --steps 10
 *   npm run bench -- --model tiny --backends webgl --precision float16 --prefetch off --data host --accumulate 4
 *   npm run bench -- --workload gan --model mlp --warmup 3 --steps 10
 *   npm run bench -- --workload race --model tiny --warmup 2 --steps 10 --json bench-results/race.json
 *   npm run bench -- --workload matmul --sizes 32..2048     (powers of two, as the lab's size sweep)
 *   npm run bench -- --workload batch --model tiny --batches 16..512
 *   npm run bench -- --browser-arg=--use-angle=vulkan --json bench-results/run.json
 *   --port 4250: serve the build on that port (default: any free one), so benches on one machine never collide.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { isBackendName, type BackendName } from '../src/config/backends';
import { parseCnnConfig } from '../src/config/cnnConfig';
import { parseGanConfig } from '../src/config/ganConfig';
import { parseLabSettings } from '../src/config/labConfig';
import type { RunConfig } from '../src/config/workloads';
import type { LabJobState } from '../src/engine/protocol/labJobState';
import type { JobEvent, RequestOf } from '../src/engine/protocol/jobs';
import type { BenchRow } from '../src/engine/protocol/training';
import { deviceSummary, EN, labJson, labTable, markdownTable, softwareLine } from './benchTable';
import { softwareMapOf } from '../src/share/softwareGpu';
import type { BackendAvailability } from '../src/config/backends';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium';
import { measurePageLoad, pageLoadTable } from './pageLoad';
import { firstRunTable, measureFirstRun, type FirstRunSample } from './firstRunBench';
import { CEILING_MODELS, measureCeiling } from './ceilingBench';
import { ceilingTable } from './ceiling/table';
import { engineFirstRunTable, measureEngineFirstRun, type EngineFirstRun } from './engineFirstRun';
import { FIREFOX_PATH_DEFAULT } from './browser/findEngines';
import { launchChromium } from './engines/chromium';
import type { EngineDriver, EngineName } from './engines/driver';
import { launchFirefox } from './engines/firefox';
import { launchWebKit } from './engines/webkit';
import { kernelsTable, measureKernels } from './kernelsBench';
import { boardTable, measureBoard } from './boardBench';
import { decodeTable, measureDecode } from './decodeBench';
import { ENGINE_NETWORKS, engineTable, kernelRatioTable, measureEngines, measureParity, parityTable, TUNED, tuningTables } from './engineBench';
import { GEMM_CANDIDATE_IDS } from '../src/engine/gpu/kernels/gemm/candidates';
import { CNN_MODEL_IDS, type CnnModelId } from '../src/config/models';
import { defaultCnnConfig } from '../src/config/cnnConfig';

const WORKLOADS = ['train', 'gan', 'race', 'matmul', 'batch', 'pageload', 'firstrun', 'ceiling', 'kernels', 'board', 'decode', 'engine'] as const;
type Workload = (typeof WORKLOADS)[number];
/** At most one progress line per this many ms on the terminal. */
const PROGRESS_LOG_INTERVAL_MS = 1000;

const OPTIONS = {
  workload: { type: 'string', default: 'train' },
  model: { type: 'string', default: 'classic' },
  dataset: { type: 'string', default: 'mnist' },
  backends: { type: 'string' },
  batch: { type: 'string', default: '64' },
  seed: { type: 'string', default: '42' },
  warmup: { type: 'string', default: '3' },
  steps: { type: 'string', default: '10' },
  examples: { type: 'string', default: '6400' },
  precision: { type: 'string', default: 'float32' },
  prefetch: { type: 'string', default: 'on' },
  data: { type: 'string', default: 'device' },
  accumulate: { type: 'string', default: '1' },
  sizes: { type: 'string', default: '32..2048' },
  // Defaults per workload: 16..512 for the batch sweep, 32,64 for the ceiling.
  batches: { type: 'string' },
  'matmul-warmup': { type: 'string', default: '2' },
  // Defaults per workload: 5, and 3 for the ceiling.
  runs: { type: 'string' },
  links: { type: 'string', default: '200' },
  images: { type: 'string', default: '10000' },
  side: { type: 'string', default: '64' },
  'point-budget-s': { type: 'string', default: '20' },
  'no-bare': { type: 'boolean', default: false },
  'no-build': { type: 'boolean', default: false },
  json: { type: 'string' },
  root: { type: 'string' },
  'no-isolation': { type: 'boolean', default: false },
  window: { type: 'string', default: '10' },
  parity: { type: 'boolean', default: false },
  models: { type: 'string', default: CEILING_MODELS.join(',') },
  threads: { type: 'string' },
  python: { type: 'string' },
  'browser-arg': { type: 'string', multiple: true, default: [] },
  // 0: any free port; a fixed one where several benches share a machine.
  port: { type: 'string', default: '0' },
  engines: { type: 'string' },
  // The engine bench's kernel choices for the app's engine (tuned, and candidate ids), and its rounds.
  gemm: { type: 'string', default: 'tuned' },
  rounds: { type: 'string', default: '1' },
  'tune-budget-s': { type: 'string', default: '0' },
  'no-run-ahead': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

/** The usage is this file's opening comment, so the two never disagree. */
function usage(): string {
  const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const comment = /^\/\*\*\n([\s\S]*?)\n \*\//.exec(source)?.[1] ?? '';
  return comment.replace(/^ \*( |$)/gm, '');
}

function parsedArgs() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (err) {
    // An unknown or malformed flag: one line saying which, and where the list is, not a stack trace.
    fail(`${err instanceof Error ? err.message : String(err)} (npm run bench -- --help lists the flags)`);
  }
}

const args = parsedArgs();
if (args.help) {
  console.log(usage());
  process.exit(0);
}

/** Workload defaults of flags whose default differs by workload. */
const PER_WORKLOAD_DEFAULTS: Record<string, string> = { runs: args.workload === 'ceiling' ? '3' : '5' };

function wholeNumber(flag: string, min: number): number {
  const value = Number(args[flag as keyof typeof args] ?? PER_WORKLOAD_DEFAULTS[flag]);
  if (!Number.isInteger(value) || value < min) fail(`--${flag} must be a whole number >= ${min}`);
  return value;
}

const workload = args.workload as Workload;
if (!WORKLOADS.includes(workload)) fail(`unknown workload "${args.workload}" (one of ${WORKLOADS.join(', ')})`);
// firstrun without --backends: the backend the page picks itself, as a new user gets it.
const backends = (args.backends ?? (workload === 'firstrun' ? 'default' : 'cpu,webgl,webgpu')).split(',').map((b) => b.trim());
const badBackend = backends.find((b) => !isBackendName(b) && !(workload === 'firstrun' && b === 'default'));
if (badBackend) fail(`unknown backend "${badBackend}"`);
const warmupSteps = wholeNumber('warmup', 1);
const measuredSteps = wholeNumber('steps', 2);

function trainConfigFor(backend: BackendName): RunConfig {
  const { config, errors } =
    workload === 'gan'
      ? parseGanConfig({ backend, model: args.model, batchSize: args.batch, steps: '1000000', seed: args.seed })
      : parseCnnConfig({
          backend,
          model: args.model,
          batchSize: args.batch,
          trainExamples: args.examples,
          testExamples: '100',
          epochs: '100',
          precision: args.precision,
          prefetch: args.prefetch,
          dataPlacement: args.data,
          accumulationSteps: args.accumulate,
        });
  if (errors.length) fail(errors.map((e) => EN.say(e.message)).join('; '));
  return config;
}

/** The backends the bench's browser offers, from the device report job: which GPU backends are software ones (the CPU). */
async function backendsHere(browser: Browser, url: string): Promise<BackendAvailability[] | null> {
  const page = await openBenchPage(browser, url);
  const job = await page.evaluate((cmd) => window.runLab(cmd), { kind: 'deviceReport' as const });
  await page.close();
  return job.deviceReport?.backends ?? null;
}

/** The app's loop against a bare trainOnBatch loop, one page per backend (the original bench). */
async function runTrainBench(browser: Browser, url: string): Promise<void> {
  const here = await backendsHere(browser, url);
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  for (const backend of backends as BackendName[]) {
    const page = await openBenchPage(browser, url);
    console.error(`bench: ${backend}: ${warmupSteps} warm-up + ${measuredSteps} measured steps of ${args.model}, batch ${args.batch}…`);
    const command = { kind: 'benchmark' as const, config: trainConfigFor(backend), warmupSteps, measuredSteps, includeBareLoop: !args['no-bare'] };
    try {
      rows.push(...(await page.evaluate((cmd) => window.runBenchmark(cmd), command)));
    } catch (err) {
      failures.push(`${backend}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
    await page.close();
  }
  console.log(`\nModel ${args.model}, batch ${args.batch}, ${warmupSteps} warm-up + ${measuredSteps} measured steps; app rows time sync windows, bare rows time each trainOnBatch.\n`);
  console.log(markdownTable(rows, softwareMapOf(here)));
  printSoftwareLine(here);
  for (const f of failures) console.log(`\nFAILED ${f}`);
  writeJson({ args, rows, softwareGpu: softwareMapOf(here), failures });
  if (failures.length) process.exitCode = 1;
}

/** "32..2048" as the lab's from / to pair; the lab's own table checks it (powers of two, in range). */
function range(text: string, flag: string): [string, string] {
  const match = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(text);
  return match ? [match[1], match[2]] : fail(`--${flag} must look like 32..2048 (powers of two)`);
}

/** The lab job the flags describe, read through the lab's own settings table: the worker runs exactly this. */
function labCommand(): RequestOf<'race' | 'matmulSweep' | 'batchSweep'> {
  const [matmulFrom, matmulTo] = range(args.sizes, 'sizes');
  const [batchFrom, batchTo] = range(args.batches ?? '16..512', 'batches');
  const { settings, errors } = parseLabSettings({
    model: args.model,
    dataset: args.dataset,
    batchSize: args.batch,
    seed: args.seed,
    warmupSteps: String(warmupSteps),
    measuredSteps: String(measuredSteps),
    backends: backends.join(','),
    matmulFrom,
    matmulTo,
    matmulWarmupRuns: args['matmul-warmup'],
    matmulTimedRuns: args.runs ?? '5',
    sweepBudgetSeconds: args['point-budget-s'],
    batchFrom,
    batchTo,
  });
  if (errors.length) fail(errors.map((e) => EN.say(e.message)).join('; '));
  const kind = workload === 'race' ? 'race' : workload === 'matmul' ? 'matmulSweep' : 'batchSweep';
  return { kind, settings };
}

function progressLogger(): (event: JobEvent) => void {
  let lastLog = 0;
  return (event) => {
    if (event.type === 'backendStopped') console.error(`bench: ${EN.say(event.stop.reason)}`);
    if (event.type === 'raceRow') console.error(`bench: ${event.row.backend}: median step ${event.row.medianStepMs.toFixed(1)} ms`);
    if (event.type !== 'progress' || Date.now() - lastLog < PROGRESS_LOG_INTERVAL_MS) return;
    lastLog = Date.now();
    console.error(`bench: [${String(Math.round(event.fraction * 100)).padStart(3)}%] ${EN.say(event.message)}`);
  };
}

/** The lab's race or sweeps in one page: device report first, then the job, as the lab tab runs them. */
async function runLabBench(browser: Browser, url: string): Promise<void> {
  const command = labCommand();
  const page = await openBenchPage(browser, url);
  await page.exposeFunction('onLabEvent', progressLogger());
  const device = await page.evaluate((cmd) => window.runLab(cmd), { kind: 'deviceReport' as const });
  const report = device.deviceReport?.report ?? null;
  const here = device.deviceReport?.backends ?? null;
  console.error(`bench: ${workload} on ${backends.join(', ')}…`);
  const job: LabJobState = await page.evaluate((cmd) => window.runLab(cmd), command);
  await page.close();
  console.log(`\n${deviceSummary(report)}\n`);
  console.log(labTable(job, args, softwareMapOf(here)));
  printSoftwareLine(here);
  if (job.error) console.log(`\nFAILED ${EN.say(job.error)}`);
  writeJson(labJson(job, args, report, softwareMapOf(here)));
  if (job.status !== 'done' || job.stops.some((s) => s.kind === 'error')) process.exitCode = 1;
}

/** Under a table with software GPU rows: what this machine lacks, so nobody reads their ratios as GPU speed-ups. */
function printSoftwareLine(backends: readonly BackendAvailability[] | null): void {
  const line = softwareLine(backends);
  if (line) console.log(`\n${line}`);
}

async function runPageLoadBench(browser: Browser, url: string): Promise<void> {
  const runs = wholeNumber('runs', 1);
  const samples = await measurePageLoad(browser, url, runs);
  console.log(`\nFirst visit of ${url} in a fresh context, ${runs} runs after one uncounted warm-up visit.\n`);
  console.log(pageLoadTable(args.root ?? 'this checkout', samples));
  writeJson({ args, samples });
}

function defaultsLine(): string {
  const c = defaultCnnConfig();
  return `${c.model} CNN, ${c.trainExamples} examples × ${c.epochs} epoch, batch ${c.batchSize}, ${c.testExamples} tested`;
}

async function runFirstRunBench(browser: Browser, url: string): Promise<void> {
  const samples: FirstRunSample[] = [];
  for (const backend of backends) {
    console.error(`bench: first run with the defaults on ${backend}…`);
    samples.push(await measureFirstRun(browser, url, backend as BackendName | 'default', 15 * 60_000));
  }
  console.log(`\nA fresh page's first Train press with the defaults (${defaultsLine()}).\n`);
  console.log(firstRunTable(samples));
  writeJson({ args, samples });
}

/** Where WebKitWebDriver listens while the bench drives WebKit (WEBKIT_DRIVER_PORT picks another). */
const WEBKIT_BENCH_DRIVER_PORT = Number(process.env.WEBKIT_DRIVER_PORT ?? 4179);

const ENGINE_LAUNCHERS: Record<EngineName, (url: string) => Promise<EngineDriver>> = {
  chromium: (url) => launchChromium(url, args['browser-arg']),
  firefox: (url) => launchFirefox(url, process.env.FIREFOX_PATH || FIREFOX_PATH_DEFAULT),
  webkit: (url) => launchWebKit(url, WEBKIT_BENCH_DRIVER_PORT),
};

/** --engines: the first run in each engine, one after the other, `--runs` fresh visits per engine and backend. */
async function runEngineFirstRunBench(url: string): Promise<void> {
  const engines = (args.engines ?? '').split(',').map((e) => e.trim());
  const bad = engines.find((e) => !(e in ENGINE_LAUNCHERS));
  if (bad) fail(`unknown engine "${bad}" (chromium, firefox, webkit)`);
  const picked = backends.filter(isBackendName);
  if (!picked.length) fail('--engines needs --backends (for example wasm)');
  const runs = wholeNumber('runs', 1);
  const samples: EngineFirstRun[] = [];
  for (let run = 0; run < runs; run++) {
    for (const engine of engines as EngineName[]) {
      const driver = await ENGINE_LAUNCHERS[engine](url);
      try {
        for (const backend of picked) {
          console.error(`bench: first run in ${engine} on ${backend} (${run + 1} of ${runs})…`);
          samples.push(await measureEngineFirstRun(driver, backend));
        }
      } finally {
        await driver.close();
      }
    }
  }
  console.log(`\nA fresh page's first Train press with the defaults (${defaultsLine()}), engine by engine, ${runs} round(s).\n`);
  console.log(engineFirstRunTable(samples));
  writeJson({ args, samples });
}

function cnnModels(text: string): CnnModelId[] {
  const ids = text.split(',').map((m) => m.trim());
  const bad = ids.find((m) => !(CNN_MODEL_IDS as string[]).includes(m));
  return bad ? fail(`unknown CNN model "${bad}"`) : (ids as CnnModelId[]);
}

function wholeNumbers(text: string, flag: string): number[] {
  const values = text.split(',').map(Number);
  return values.every((v) => Number.isInteger(v) && v >= 1) ? values : fail(`--${flag} must be whole numbers like 32,64`);
}

function ceilingModels(text: string): string[] {
  const ids = text.split(',').map((m) => m.trim());
  const bad = ids.find((m) => !CEILING_MODELS.includes(m));
  return bad ? fail(`unknown network "${bad}" (one of ${CEILING_MODELS.join(', ')})`) : ids;
}

async function runCeilingBench(browser: Browser, url: string): Promise<void> {
  const page = await openBenchPage(browser, url);
  const batches = wholeNumbers(args.batches ?? '32,64', 'batches');
  const options = { models: ceilingModels(args.models), batches, warmup: warmupSteps, steps: measuredSteps, runs: wholeNumber('runs', 1), python: args.python };
  const result = await measureCeiling(page, options, (line) => console.error(`bench: ${line}`));
  await page.close();
  console.log(`\n${ceilingTable(result)}`);
  writeJson({ args, ...result });
}

async function runKernelsBench(browser: Browser, url: string): Promise<void> {
  const page = await openBenchPage(browser, url);
  const [model] = cnnModels(args.model);
  const threads = args.threads ? wholeNumber('threads', 1) : null;
  console.error(`bench: one ${model} step kernel by kernel, TensorFlow.js's kernels and the app's…`);
  const result = await measureKernels(page, { model, batch: wholeNumber('batch', 1), warmup: warmupSteps, steps: measuredSteps, threads });
  await page.close();
  console.log(`\n${kernelsTable(result)}`);
  writeJson({ args, ...result });
}

async function runBoardBench(browser: Browser, url: string): Promise<void> {
  const count = wholeNumber('links', 1);
  const runs = wholeNumber('runs', 1);
  console.error(`bench: the class board, ${count} links pasted, ${runs} fresh pages…`);
  const result = await measureBoard(browser, url, count, runs, (line) => console.error(`bench: ${line}`));
  console.log(`\nThe class board on ${url}: the room's fixtures (src/share/fixtures/classRoom.ts).\n`);
  console.log(boardTable(result));
  writeJson({ args, ...result });
}

async function runDecodeBench(browser: Browser, url: string): Promise<void> {
  const images = wholeNumber('images', 6);
  const side = wholeNumber('side', 8);
  const runs = wholeNumber('runs', 1);
  console.error(`bench: ${images} pictures imported as a data set of your own, ${runs} fresh pages…`);
  const result = await measureDecode(browser, url, images, side, runs, (line) => console.error(`bench: ${line}`));
  console.log(`\nYour own data on ${url}: a zip of generated shapes (src/data/own/testing/pictures.ts).\n`);
  console.log(decodeTable(result));
  writeJson({ args, ...result });
}

async function runEngineBench(browser: Browser, url: string): Promise<void> {
  const log = (line: string) => console.error(`bench: ${line}`);
  const open = () => openBenchPage(browser, url);
  const networks = (args.models === OPTIONS.models.default ? 'classic' : args.models).split(',').map((m) => m.trim());
  const badNetwork = networks.find((m) => !ENGINE_NETWORKS.includes(m));
  if (badNetwork) fail(`unknown network "${badNetwork}" (one of ${ENGINE_NETWORKS.join(', ')})`);
  const kernels = args.gemm.split(',').map((k) => k.trim());
  const badKernel = kernels.find((k) => k !== TUNED && !GEMM_CANDIDATE_IDS.includes(k));
  if (badKernel) fail(`unknown --gemm "${badKernel}" (tuned, or one of ${GEMM_CANDIDATE_IDS.join(', ')})`);
  const tuneBudgetS = Number(args['tune-budget-s']);
  if (!(tuneBudgetS >= 0)) fail('--tune-budget-s must be seconds, 0 or more');
  const windowSteps = wholeNumber('window', 1);
  const options = { networks, batches: wholeNumbers(args.batches ?? '64', 'batches'), warmup: warmupSteps, windows: Math.max(1, Math.ceil(measuredSteps / windowSteps)), windowSteps, kernels, rounds: wholeNumber('rounds', 1), tuneBudgetMs: tuneBudgetS * 1000, runAhead: !args['no-run-ahead'] };
  const rows = await measureEngines(open, options, log);
  const here = await backendsHere(browser, url);
  console.log(`\nWebGPU, each lane: ${warmupSteps} warm-up steps, then ${options.windows} window(s) of ${windowSteps} steps recorded back to back and read back once; counts at the WebGPU API; ${options.rounds} round(s), the lanes' order alternating.\n`);
  console.log(engineTable(rows));
  const ratios = kernelRatioTable(rows, 'legacy-direct');
  if (ratios) console.log(`\nThe app's engine, each kernel choice's step time over the engine's first kernels (legacy-direct), medians of the same rounds:\n\n${ratios}`);
  const tuning = tuningTables(rows);
  if (tuning) console.log(`\nThe tuner, per product (ms per run; bold: the choice; ·: not timed, the budget spent):\n${tuning}`);
  const cnn = networks.filter((m): m is CnnModelId => (CNN_MODEL_IDS as string[]).includes(m));
  const parity = args.parity ? await measureParity(open, { models: cnn, batch: args.batch === OPTIONS.batch.default ? 8 : wholeNumber('batch', 1), steps: measuredSteps }, log) : [];
  if (parity.length) console.log(`\nParity: the lab's parity check, every step's loss read back, each lane against cpu.\n\n${parityTable(parity)}`);
  printSoftwareLine(here);
  writeJson({ args, rows, parity, softwareGpu: softwareMapOf(here) });
  if (rows.some((r) => !r.row)) process.exitCode = 1;
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
  const root = args.root ?? process.cwd();
  if (!args['no-build']) await build({ root, logLevel: 'warn' });
  // --no-isolation serves the page without cross-origin isolation: the wasm backend then runs on one thread.
  const headers = args['no-isolation'] ? { 'Cross-Origin-Opener-Policy': 'unsafe-none', 'Cross-Origin-Embedder-Policy': 'unsafe-none' } : undefined;
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a port number (0: any free one)');
  const server = await preview({ root, preview: { port, strictPort: port !== 0, host: '127.0.0.1', headers }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) fail('the preview server did not report its address');
  if (workload === 'firstrun' && args.engines) {
    try {
      return await runEngineFirstRunBench(url);
    } finally {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    }
  }
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, ...args['browser-arg']] });
  try {
    if (workload === 'train' || workload === 'gan') await runTrainBench(browser, url);
    else if (workload === 'pageload') await runPageLoadBench(browser, url);
    else if (workload === 'firstrun') await runFirstRunBench(browser, url);
    else if (workload === 'ceiling') await runCeilingBench(browser, url);
    else if (workload === 'kernels') await runKernelsBench(browser, url);
    else if (workload === 'board') await runBoardBench(browser, url);
    else if (workload === 'decode') await runDecodeBench(browser, url);
    else if (workload === 'engine') await runEngineBench(browser, url);
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
