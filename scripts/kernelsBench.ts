/**
 * `npm run bench -- --workload kernels`: one WebAssembly training step kernel by kernel (tf.profile),
 * with TensorFlow.js's own kernels and with the app's (wasm/kernels), in one page: each kernel's time and
 * share of the step, and both steps' median times, under the machine they ran on. docs/performance.md keeps
 * its tables.
 */
import type { Page } from 'playwright-core';
import { parseCnnConfig } from '../src/config/cnnConfig';
import type { CnnModelId } from '../src/config/models';
import type { BenchRow } from '../src/engine/protocol/training';
import { machineLine, thisMachine, type MachineFacts } from './ceiling/machine';

export interface KernelsOptions {
  model: CnnModelId;
  batch: number;
  warmup: number;
  steps: number;
  /** null: every core. */
  threads: number | null;
}

export interface KernelsResult {
  machine: MachineFacts;
  options: KernelsOptions;
  tfjs: BenchRow;
  app: BenchRow;
}

async function profiled(page: Page, options: KernelsOptions, appKernels: boolean): Promise<BenchRow> {
  const { config, errors } = parseCnnConfig({ backend: 'wasm', model: options.model, batchSize: String(options.batch), trainExamples: String(options.batch * 100), testExamples: '100', epochs: '100' });
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const command = { kind: 'benchmark' as const, config, warmupSteps: options.warmup, measuredSteps: options.steps, includeBareLoop: false, profileKernels: true, wasm: { threads: options.threads, appKernels } };
  const [row]: BenchRow[] = await page.evaluate((cmd) => window.runBenchmark(cmd), command);
  return row;
}

export async function measureKernels(page: Page, options: KernelsOptions): Promise<KernelsResult> {
  return { machine: thisMachine(), options, tfjs: await profiled(page, options, false), app: await profiled(page, options, true) };
}

const fmt = (v: number | null | undefined, digits = 2) => (v !== null && v !== undefined && Number.isFinite(v) ? v.toFixed(digits) : '');
const pct = (v: number | null | undefined) => (v !== null && v !== undefined && Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : '');

export function kernelsTable(result: KernelsResult): string {
  const { options, tfjs, app } = result;
  const before = tfjs.kernelProfile?.groups ?? [];
  const after = app.kernelProfile?.groups ?? [];
  const names = [...new Set([...before.map((g) => g.name), ...after.map((g) => g.name)])];
  const timeOf = (groups: typeof before, name: string) => groups.find((g) => g.name === name);
  names.sort((a, b) => (timeOf(before, b)?.totalMs ?? 0) + (timeOf(after, b)?.totalMs ?? 0) - ((timeOf(before, a)?.totalMs ?? 0) + (timeOf(after, a)?.totalMs ?? 0)));
  const lines = [
    '| kernel | calls | TensorFlow.js ms | share | app ms | share |',
    '|---|---:|---:|---:|---:|---:|',
    ...names.map((name) => {
      const b = timeOf(before, name), a = timeOf(after, name);
      return `| ${name} | ${fmt(b?.count ?? a?.count, 0)} | ${fmt(b?.totalMs)} | ${pct(b?.share)} | ${fmt(a?.totalMs)} | ${pct(a?.share)} |`;
    }),
    `| **sum of kernels** | | **${fmt(tfjs.kernelProfile?.totalMs)}** | | **${fmt(app.kernelProfile?.totalMs)}** | |`,
  ];
  const threads = `${app.wasm?.threads ?? '?'} thread${app.wasm?.threads === 1 ? '' : 's'} (XNNPACK's pool: ${app.wasm?.xnnpackThreads ?? '?'})`;
  const steps = `Median step (${options.steps} timed after ${options.warmup} warm-up, not profiled): TensorFlow.js's kernels ${fmt(tfjs.medianStepMs, 1)} ms, the app's ${fmt(app.medianStepMs, 1)} ms (${fmt(tfjs.medianStepMs / app.medianStepMs, 2)}x).`;
  return [machineLine(result.machine), '', `One ${options.model} CNN training step at batch ${options.batch} on WebAssembly, ${threads}, kernel by kernel (tf.profile, mean of 3 profiled steps; profiling adds its own time).`, '', ...lines, '', steps].join('\n');
}
