/**
 * `npm run bench -- --workload ceiling`: the app's WebAssembly training step next to PyTorch's on the
 * same CPU, for the same network (its layers read from the app's own model, Keras-style initialisation,
 * Adam, float32): every CNN of the model table and the MLP GAN's whole step (`gan-mlp`), the app at 1
 * thread and at every core, PyTorch at each thread count, in several interleaved runs (scripts/ceiling/
 * table.ts words the spread). PyTorch comes from Debian's python3-torch (or any python with torch:
 * --python), and is checked to have the app's parameter count before it is timed; without it the app's
 * rows are measured alone and the command to install it is printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import type { Page } from 'playwright-core';
import { parseCnnConfig } from '../src/config/cnnConfig';
import { defaultGanConfig, parseGanConfig } from '../src/config/ganConfig';
import { SHIPPED_IMAGE_SHAPE } from '../src/config/imageShape';
import { CNN_MODEL_IDS, type CnnModelId, type GanModelId } from '../src/config/models';
import { NUM_CLASSES } from '../src/config/tunables';
import type { RunConfig } from '../src/config/workloads';
import type { BenchRow } from '../src/engine/protocol/training';
import { GAN_MODELS } from '../src/models/gan/registry';
import { CNN_MODELS } from '../src/models/registry';
import { thisMachine } from './ceiling/machine';
import type { AppTiming, CeilingResult, CeilingRow, CeilingRun, TorchFacts, TorchTiming } from './ceiling/table';

const TORCH_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ceiling', 'torch_step.py');
const PYTHON_CANDIDATES = ['python3', '/usr/bin/python3'];
export const INSTALL_TORCH = 'sudo apt-get install python3-torch   (Debian/Ubuntu; or: pip install torch)';
/** A GAN's row in --models: its whole step (a discriminator and a generator update). */
const GAN_PREFIX = 'gan-';
// The DCGAN is left out: torch_step.py builds no transposed convolution.
export const CEILING_MODELS = [...CNN_MODEL_IDS, `${GAN_PREFIX}mlp`];

export interface CeilingOptions {
  models: string[];
  batches: number[];
  warmup: number;
  steps: number;
  runs: number;
  python?: string;
}

/** The first python that imports torch: --python, then python3 on the PATH, then Debian's. */
export function findTorchPython(preferred?: string): string | null {
  for (const python of preferred ? [preferred] : PYTHON_CANDIDATES) {
    const probe = spawnSync(python, ['-c', 'import torch'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return null;
}

const ganIdOf = (model: string): GanModelId | null => (model.startsWith(GAN_PREFIX) ? (model.slice(GAN_PREFIX.length) as GanModelId) : null);

/** The app's network as TensorFlow.js writes it (Keras layer configs), in a file the PyTorch script reads, and its parameter count. */
async function networkFile(dir: string, model: string, latentSize: number): Promise<{ file: string; params: number }> {
  await tf.setBackend('cpu');
  const file = path.join(dir, `${model}.json`);
  const ganId = ganIdOf(model);
  if (ganId) {
    const [generator, discriminator] = [GAN_MODELS[ganId].buildGenerator(latentSize, 1), GAN_MODELS[ganId].buildDiscriminator(1)];
    writeFileSync(file, JSON.stringify({ latentSize, generator: generator.toJSON(null, false), discriminator: discriminator.toJSON(null, false) }));
    const params = generator.countParams() + discriminator.countParams();
    tf.dispose([generator, discriminator].flatMap((m) => m.weights.map((w) => w.read())));
    return { file, params };
  }
  const built = CNN_MODELS[model as CnnModelId].build(1, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
  writeFileSync(file, JSON.stringify(built.toJSON(null, false)));
  const params = built.countParams();
  built.dispose();
  return { file, params };
}

/** What torch_step.py prints. */
interface TorchOutput {
  torch: string;
  python: string;
  defaultThreads: number;
  build: TorchFacts['build'];
  params: number;
  results?: TorchTiming[];
  error?: string;
}

/** PyTorch's medians at each thread count, after it checked the parameter count (a mismatch throws, naming both). */
function torchRun(python: string, model: string, file: string, params: number, batch: number, threads: number[], options: CeilingOptions): TorchOutput {
  const kind = ganIdOf(model) ? '--gan' : '--model';
  const run = spawnSync(python, [TORCH_SCRIPT, kind, file, '--params', String(params), '--batch', String(batch), '--threads', threads.join(','), '--warmup', String(options.warmup), '--steps', String(options.steps)], { encoding: 'utf8' });
  const out = JSON.parse(run.stdout || '{}') as Partial<TorchOutput>;
  if (run.status !== 0 || !out.results) throw new Error(`${model}, batch ${batch}: ${out.error ?? run.stderr.trim() ?? `torch_step.py exited ${run.status}`}`);
  return out as TorchOutput;
}

/** 1, 2, 4, … up to the cores, and the cores themselves. */
function torchThreadCounts(cores: number): number[] {
  const counts = new Set<number>([cores]);
  for (let t = 1; t < cores; t *= 2) counts.add(t);
  return [...counts].sort((a, b) => a - b);
}

function runConfig(model: string, batch: number): RunConfig {
  const ganId = ganIdOf(model);
  const { config, errors } = ganId
    ? parseGanConfig({ backend: 'wasm', model: ganId, batchSize: String(batch), steps: '1000000' })
    : parseCnnConfig({ backend: 'wasm', model, batchSize: String(batch), trainExamples: String(batch * 100), testExamples: '100', epochs: '100' });
  if (errors.length) throw new Error(errors.map((e) => e.message.id).join('; '));
  return config;
}

async function appTiming(page: Page, config: RunConfig, threads: number | null, options: CeilingOptions): Promise<AppTiming> {
  const command = { kind: 'benchmark' as const, config, warmupSteps: options.warmup, measuredSteps: options.steps, includeBareLoop: false, measureForward: config.workload === 'cnn', wasm: { threads, appKernels: true } };
  const [row]: BenchRow[] = await page.evaluate((cmd) => window.runBenchmark(cmd), command);
  return { threads: row.wasm?.threads ?? NaN, xnnpackThreads: row.wasm?.xnnpackThreads ?? null, wakeUpMs: row.wasm?.wakeUpMs ?? null, stepMs: row.medianStepMs, forwardMs: row.forwardMs ?? null };
}

/** The browser, and whose WebAssembly kernels ran, from the page's own device report. */
async function browserLine(page: Page): Promise<string> {
  const job = await page.evaluate((cmd) => window.runLab(cmd), { kind: 'deviceReport' as const });
  const report = job.deviceReport?.report;
  if (!report) return 'no device report';
  const { browser } = report.environment;
  const kernels = report.tfjs.wasmKernels;
  const simd = typeof kernels === 'string' ? `the app's WebAssembly kernels with ${kernels === 'relaxed' ? 'relaxed SIMD (fused multiply-add)' : 'SIMD128'}` : "TensorFlow.js's WebAssembly kernels";
  return `${String(browser.name)} ${String(browser.majorVersion)}, ${simd}, cross-origin isolated: ${String(report.environment.crossOriginIsolated)}`;
}

export async function measureCeiling(page: Page, options: CeilingOptions, log: (line: string) => void): Promise<CeilingResult> {
  const loadStart = os.loadavg()[0];
  const python = findTorchPython(options.python);
  const dir = mkdtempSync(path.join(tmpdir(), 'ceiling-'));
  const { latentSize } = defaultGanConfig();
  const browser = await browserLine(page);
  const rows: CeilingRow[] = [];
  let torch: TorchFacts | null = null;
  for (const model of options.models) {
    const { file, params } = await networkFile(dir, model, latentSize);
    for (const batch of options.batches) {
      const config = runConfig(model, batch);
      const runs: CeilingRun[] = [];
      for (let run = 1; run <= options.runs; run++) {
        log(`ceiling: ${model}, batch ${batch}, run ${run} of ${options.runs}: the app on WebAssembly, 1 thread and every core…`);
        const app = [await appTiming(page, config, 1, options), await appTiming(page, config, null, options)];
        let torchTimings: TorchTiming[] = [];
        if (python) {
          const cores = Math.max(...app.map((a) => a.threads));
          log(`ceiling: ${model}, batch ${batch}, run ${run}: PyTorch on the CPU…`);
          const out = torchRun(python, model, file, params, batch, torchThreadCounts(cores), options);
          torch = { version: out.torch, python: out.python, defaultThreads: out.defaultThreads, build: out.build };
          torchTimings = out.results ?? [];
        }
        runs.push({ app, torch: torchTimings });
      }
      rows.push({ model, batch, params, runs });
    }
  }
  const note = python ? null : `PyTorch is not installed here, so only the app was measured. To measure the ceiling: ${INSTALL_TORCH}`;
  return { machine: thisMachine(), browser, torch, warmup: options.warmup, steps: options.steps, load: { start: loadStart, end: os.loadavg()[0] }, rows, note };
}
