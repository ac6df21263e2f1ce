/**
 * The ceiling table: per network and batch, PyTorch's step at its best thread count beside the app's at
 * 1 thread and at every core, over several interleaved runs, each figure the median of the runs' medians
 * with its spread (min–max), so one lucky run decides nothing. Pure: the bench measures, this words it.
 */
import { median } from '../../src/metrics/stats';
import { machineLine, type MachineFacts } from './machine';
import { WASM_BUSY_WAKE_UP_MS as BUSY_WAKE_UP_MS, WASM_WAKE_UPS_PER_THREAD as WORK_PER_WAKE_UP } from '../../src/config/tunables';

/** A network the ceiling times: a CNN of the model table, or a GAN's whole step (`gan-<id>`). */
export type CeilingModel = string;

/** The issue's goals: the app's best step within this factor of PyTorch's best, and every core never slower than one. */
export const NEAR_NATIVE = 1.2;

export interface AppTiming {
  threads: number;
  xnnpackThreads: number | null;
  /** How long a sleeping thread of the app's pool took to join a task, ms (null with one thread). */
  wakeUpMs: number | null;
  stepMs: number;
  forwardMs: number | null;
}

export interface TorchTiming {
  threads: number;
  stepMs: number;
  forwardMs?: number;
}

/** One run of one row: the app at 1 thread and at every core, PyTorch at each thread count (none without PyTorch). */
export interface CeilingRun {
  app: AppTiming[];
  torch: TorchTiming[];
}

export interface CeilingRow {
  model: CeilingModel;
  batch: number;
  /** The app's parameter count, which PyTorch's network matched before it was timed. */
  params: number;
  runs: CeilingRun[];
}

export interface TorchFacts {
  version: string;
  python: string;
  defaultThreads: number;
  build: { cpuCapability: string | null; blas: string | null; onednn: string | null; blasLibraries: string[] };
}

export interface CeilingResult {
  machine: MachineFacts;
  /** The browser and the app's WebAssembly kernels (relaxed or plain SIMD), from the device report. */
  browser: string;
  torch: TorchFacts | null;
  warmup: number;
  steps: number;
  /** 1-minute load averages when the bench started and ended (0 where the OS has none). */
  load: { start: number; end: number };
  rows: CeilingRow[];
  note: string | null;
}

/** Median and spread of one figure over the runs. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spreadOf(values: readonly number[]): Spread | null {
  const finite = values.filter(Number.isFinite);
  return finite.length ? { median: median(finite), min: Math.min(...finite), max: Math.max(...finite) } : null;
}

const fmt = (v: number, digits: number) => v.toFixed(digits);

/** "12.3 (11.9–13.0)": the median and, over several runs, the spread. */
export function spreadText(spread: Spread | null, digits = 1, unit = ''): string {
  if (!spread) return 'n/a';
  const range = spread.min === spread.max ? '' : ` (${fmt(spread.min, digits)}–${fmt(spread.max, digits)})`;
  return `${fmt(spread.median, digits)}${unit}${range}`;
}

const fewest = (app: AppTiming[]) => app.reduce((a, b) => (b.threads < a.threads ? b : a));
const most = (app: AppTiming[]) => app.reduce((a, b) => (b.threads > a.threads ? b : a));
const fastest = <T extends { stepMs: number }>(timings: T[]) => timings.reduce((a, b) => (b.stepMs < a.stepMs ? b : a));

/** The value seen most often (the first of those tied); null for none. */
function mostCommon(values: readonly number[]): number | null {
  let best: number | null = null;
  let bestCount = 0;
  for (const value of values) {
    const count = values.filter((v) => v === value).length;
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}

/** What a row's runs say: each figure's spread, and the two ratios the issue's goals are about. */
export interface RowSummary {
  torchBest: Spread | null;
  /** PyTorch's thread count most often fastest. */
  torchBestThreads: number | null;
  appOne: Spread | null;
  appAll: Spread | null;
  appAllThreads: number;
  xnnpackThreads: number | null;
  /** Every core over one thread, run by run (above 1: slower on every core). */
  allOverOne: Spread | null;
  /** The app at its best over PyTorch at its best, run by run. */
  appOverTorch: Spread | null;
}

export function summarizeRow(row: CeilingRow): RowSummary {
  const runs = row.runs.filter((r) => r.app.length > 0);
  const withTorch = runs.filter((r) => r.torch.length > 0);
  const bestThreads = withTorch.map((r) => fastest(r.torch).threads);
  const last = runs[runs.length - 1];
  return {
    torchBest: spreadOf(withTorch.map((r) => fastest(r.torch).stepMs)),
    torchBestThreads: mostCommon(bestThreads),
    appOne: spreadOf(runs.map((r) => fewest(r.app).stepMs)),
    appAll: spreadOf(runs.map((r) => most(r.app).stepMs)),
    appAllThreads: last ? most(last.app).threads : NaN,
    xnnpackThreads: last ? most(last.app).xnnpackThreads : null,
    allOverOne: spreadOf(runs.map((r) => most(r.app).stepMs / fewest(r.app).stepMs)),
    appOverTorch: spreadOf(withTorch.map((r) => fastest(r.app).stepMs / fastest(r.torch).stepMs)),
  };
}

/** Whether a row meets both goals, judged on the medians. */
export function meetsGoals(summary: RowSummary): boolean {
  const near = summary.appOverTorch !== null && summary.appOverTorch.median <= NEAR_NATIVE;
  const threads = summary.allOverOne !== null && summary.allOverOne.median <= 1;
  return near && threads;
}

/** Debian's reference BLAS (package libblas3) lives here; tuned ones (OpenBLAS, BLIS) elsewhere. */
const REFERENCE_BLAS = /\/blas\/libblas\.so/;

/** The app's pool's measured wake-up over every run on every core: what decides which tasks it shares. */
function wakeLine(rows: readonly CeilingRow[]): string | null {
  const wakes = rows.flatMap((row) => row.runs.flatMap((run) => run.app.map((a) => a.wakeUpMs).filter((ms): ms is number => ms !== null)));
  const spread = spreadOf(wakes);
  if (!spread) return null;
  return `The app's kernel pool: a sleeping thread joined a task in ${spreadText({ median: spread.median * 1000, min: spread.min * 1000, max: spread.max * 1000 }, 0)} µs (median of ${wakes.length} measurements, min–max), measured when each job started; a task gets one thread per ${WORK_PER_WAKE_UP}x that much work (20 µs at least), and none is shared after a wake-up over ${BUSY_WAKE_UP_MS} ms (the cores are taken).`;
}

function torchLine(torch: TorchFacts | null): string {
  if (!torch) return 'PyTorch: not measured.';
  const { cpuCapability, blas, onednn, blasLibraries } = torch.build;
  const built = [`CPU capability ${cpuCapability ?? 'not said'}`, `BLAS ${blas ?? 'not said'}${blasLibraries.length ? ` (${blasLibraries.join(', ')})` : ''}`, `oneDNN ${onednn ?? 'none'}`];
  const reference = blasLibraries.some((lib) => REFERENCE_BLAS.test(lib))
    ? " Its BLAS is the untuned reference one (Debian's libblas3), so its dense layers (the MLP, the GAN) run far below this CPU's speed; with Debian's libopenblas0-pthread installed PyTorch loads OpenBLAS instead."
    : '';
  return `PyTorch ${torch.version} (${torch.python}), ${torch.defaultThreads} thread${torch.defaultThreads === 1 ? '' : 's'} by default, timed at each count up to the cores; built with ${built.join(', ')}.${reference}`;
}

export function ceilingTable(result: CeilingResult): string {
  const runs = Math.max(0, ...result.rows.map((r) => r.runs.length));
  const summaries = result.rows.map((row) => ({ row, s: summarizeRow(row) }));
  const lines = [
    '| network | batch | params | PyTorch best ms (threads) | app 1 thread ms | app every core ms (threads; XNNPACK) | every core / 1 thread | app best / PyTorch best |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...summaries.map(({ row, s }) => {
      const torch = s.torchBest ? `${spreadText(s.torchBest, 2)} (${s.torchBestThreads})` : 'n/a';
      const all = `${spreadText(s.appAll, 2)} (${s.appAllThreads}; ${s.xnnpackThreads ?? '?'})`;
      return `| ${row.model} | ${row.batch} | ${row.params.toLocaleString('en-US')} | ${torch} | ${spreadText(s.appOne, 2)} | ${all} | ${spreadText(s.allOverOne, 2, 'x')} | ${spreadText(s.appOverTorch, 2, 'x')} |`;
    }),
  ];
  const measured = summaries.filter(({ s }) => s.appOverTorch !== null);
  const goals = measured.length
    ? `Goals (app best within ${NEAR_NATIVE}x of PyTorch best, every core never slower than 1 thread), on the medians: ${measured.filter(({ s }) => meetsGoals(s)).length} of ${measured.length} rows meet both.`
    : null;
  const heading = [
    machineLine(result.machine),
    `Browser: ${result.browser}.`,
    ...[wakeLine(result.rows)].filter((line): line is string => line !== null),
    torchLine(result.torch),
    `${runs} run${runs === 1 ? '' : 's'} per row, the app and PyTorch interleaved, each ${result.warmup} warm-up + ${result.steps} timed steps; each cell is the median of the runs' medians (min–max over the runs). Load average (1 min): ${result.load.start.toFixed(2)} at the start, ${result.load.end.toFixed(2)} at the end.`,
    `Parameters: PyTorch's network was checked to have the app's count before it was timed.`,
  ];
  return [...heading, '', ...lines, ...(goals ? ['', goals] : []), ...(result.note ? ['', result.note] : [])].join('\n');
}
