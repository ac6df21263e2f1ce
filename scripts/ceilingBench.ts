/**
 * `npm run bench -- --workload ceiling`: the app's WebAssembly training step next to PyTorch's on the
 * same CPU, for the same model (its layers read from the app's own model, Keras-style initialisation,
 * Adam, float32), in one run: forward pass and full step, at 1 thread and at every core, and PyTorch at
 * its own best thread count. PyTorch comes from Debian's python3-torch (or any python with torch:
 * --python); without it the app's rows are measured alone and the command to install it is printed.
 */
import { SHIPPED_IMAGE_SHAPE } from '../src/config/imageShape';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import type { Page } from 'playwright-core';
import { parseCnnConfig } from '../src/config/cnnConfig';
import type { CnnModelId } from '../src/config/models';
import type { BenchRow } from '../src/engine/protocol/training';
import { CNN_MODELS } from '../src/models/registry';
import { NUM_CLASSES } from '../src/config/tunables';

const TORCH_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ceiling', 'torch_step.py');
const PYTHON_CANDIDATES = ['python3', '/usr/bin/python3'];
export const INSTALL_TORCH = 'sudo apt-get install python3-torch   (Debian/Ubuntu; or: pip install torch)';

export interface CeilingOptions {
  models: CnnModelId[];
  batches: number[];
  warmup: number;
  steps: number;
  python?: string;
}

interface TorchTiming {
  threads: number;
  forwardMs: number;
  stepMs: number;
}

export interface CeilingRow {
  model: CnnModelId;
  batch: number;
  /** The app at 1 thread and at every core (its own thread counts as they ran). */
  app: { threads: number; forwardMs: number; stepMs: number; gflops: number }[];
  /** PyTorch at 1..cores threads; empty without PyTorch. */
  torch: TorchTiming[];
}

export interface CeilingResult {
  rows: CeilingRow[];
  torchVersion: string | null;
  python: string | null;
  note: string | null;
}

/** The first python that imports torch: --python, then python3 on the PATH, then Debian's. */
function findTorchPython(preferred?: string): string | null {
  for (const python of preferred ? [preferred] : PYTHON_CANDIDATES) {
    const probe = spawnSync(python, ['-c', 'import torch'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return null;
}

/** The app's model as TensorFlow.js writes it (Keras layer configs), in a file the PyTorch script reads. */
async function modelFile(dir: string, model: CnnModelId): Promise<string> {
  await tf.setBackend('cpu');
  const built = CNN_MODELS[model].build(1, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
  const file = path.join(dir, `${model}.json`);
  writeFileSync(file, JSON.stringify(built.toJSON(null, false)));
  built.dispose();
  return file;
}

function torchTimings(python: string, model: string, batch: number, threads: number[], options: CeilingOptions): { version: string; results: TorchTiming[] } {
  const out = execFileSync(python, [TORCH_SCRIPT, '--model', model, '--batch', String(batch), '--threads', threads.join(','), '--warmup', String(options.warmup), '--steps', String(options.steps)], { encoding: 'utf8' });
  const parsed = JSON.parse(out) as { torch: string; results: TorchTiming[] };
  return { version: parsed.torch, results: parsed.results };
}

async function appTiming(page: Page, model: CnnModelId, batch: number, threads: number | null, options: CeilingOptions): Promise<CeilingRow['app'][number]> {
  const { config, errors } = parseCnnConfig({ backend: 'wasm', model, batchSize: String(batch), trainExamples: String(batch * 100), testExamples: '100', epochs: '100' });
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const command = { kind: 'benchmark' as const, config, warmupSteps: options.warmup, measuredSteps: options.steps, includeBareLoop: false, measureForward: true, wasm: { threads, appKernels: true } };
  const [row]: BenchRow[] = await page.evaluate((cmd) => window.runBenchmark(cmd), command);
  return { threads: row.wasm?.threads ?? NaN, forwardMs: row.forwardMs ?? NaN, stepMs: row.medianStepMs, gflops: row.gflops };
}

export async function measureCeiling(page: Page, options: CeilingOptions, log: (line: string) => void): Promise<CeilingResult> {
  const python = findTorchPython(options.python);
  const dir = mkdtempSync(path.join(tmpdir(), 'ceiling-'));
  const rows: CeilingRow[] = [];
  let torchVersion: string | null = null;
  for (const model of options.models) {
    const file = await modelFile(dir, model);
    for (const batch of options.batches) {
      log(`ceiling: ${model}, batch ${batch}: the app on WebAssembly, 1 thread and every core…`);
      const app = [await appTiming(page, model, batch, 1, options), await appTiming(page, model, batch, null, options)];
      let torch: TorchTiming[] = [];
      if (python) {
        const cores = Math.max(...app.map((a) => a.threads));
        log(`ceiling: ${model}, batch ${batch}: PyTorch on the CPU, 1..${cores} threads…`);
        const timings = torchTimings(python, file, batch, Array.from({ length: cores }, (_, i) => i + 1), options);
        torchVersion = timings.version;
        torch = timings.results;
      }
      rows.push({ model, batch, app, torch });
    }
  }
  const note = python ? null : `PyTorch is not installed here, so only the app was measured. To measure the ceiling: ${INSTALL_TORCH}`;
  return { rows, torchVersion, python, note };
}

const fmt = (v: number | undefined, digits = 1) => (v !== undefined && Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

/** The table: per model, batch and thread count, PyTorch's forward and step beside the app's, and their ratio. */
export function ceilingTable(result: CeilingResult): string {
  const lines = [
    '| model | batch | threads | PyTorch forward ms | PyTorch step ms | app forward ms | app step ms | app GFLOP/s | app / PyTorch (step) | app / PyTorch at its best |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of result.rows) {
    const best = row.torch.length ? row.torch.reduce((a, b) => (b.stepMs < a.stepMs ? b : a)) : null;
    for (const app of row.app) {
      const torch = row.torch.find((t) => t.threads === app.threads);
      const ratio = torch ? fmt(app.stepMs / torch.stepMs, 2) : 'n/a';
      const vsBest = best ? `${fmt(app.stepMs / best.stepMs, 2)} (PyTorch best: ${fmt(best.stepMs)} ms at ${best.threads})` : 'n/a';
      lines.push(`| ${row.model} | ${row.batch} | ${app.threads} | ${fmt(torch?.forwardMs)} | ${fmt(torch?.stepMs)} | ${fmt(app.forwardMs)} | ${fmt(app.stepMs)} | ${fmt(app.gflops)} | ${ratio} | ${vsBest} |`);
    }
  }
  const header = result.torchVersion ? `PyTorch ${result.torchVersion} (${result.python}) on the CPU beside the app's WebAssembly step in headless Chromium; medians.` : 'The app\'s WebAssembly step in headless Chromium; medians.';
  return [header, '', ...lines, ...(result.note ? ['', result.note] : [])].join('\n');
}
