/**
 * `npm run bench -- --workload engine`: both WebGPU engines (the app's own, TensorFlow.js's) step by step
 * per network and batch (the CNNs, and the GANs as gan-mlp and gan-dcgan), counted at the WebGPU API in the
 * app's device worker (src/engine/gpu/bench); the app's engine once per kernel choice asked for (`tuned`:
 * the tuner's, or a candidate of src/engine/gpu/kernels/gemm/candidates.ts forced for every product, such as
 * legacy-direct, the engine's first kernels), in rounds that alternate the lanes' order; the tuner's
 * candidates and choice per product; with --parity the lab's parity check: every lane's loss curve against
 * the plain-JS cpu backend's.
 */
import type { Page } from 'playwright-core';
import { parseCnnConfig } from '../src/config/cnnConfig';
import { parseGanConfig } from '../src/config/ganConfig';
import { laneId } from '../src/config/gpuEngines';
import { parseLabSettings } from '../src/config/labConfig';
import { CNN_MODEL_IDS, GAN_MODEL_IDS, type CnnModelId, type GanModelId } from '../src/config/models';
import type { RunConfig } from '../src/config/workloads';
import type { LabJobState } from '../src/engine/protocol/labJobState';
import type { BenchRow } from '../src/engine/protocol/training';
import type { TuningReport } from '../src/engine/protocol/tuning';
import { EN } from './benchTable';
import { tuningTable } from './tuningTable';

const GAN_PREFIX = 'gan-';
/** What the engine bench can run: every CNN, and each GAN as gan-<id>. */
export const ENGINE_NETWORKS = [...CNN_MODEL_IDS, ...GAN_MODEL_IDS.map((id) => `${GAN_PREFIX}${id}`)];
/** The app's engine with the tuner's choice. */
export const TUNED = 'tuned';

/** A lane: TensorFlow.js's WebGPU kernels, or the app's engine with a kernel choice. */
export type EngineLane = { engine: 'tfjs' } | { engine: 'app'; kernels: string };

export interface EngineBenchOptions {
  networks: string[];
  batches: number[];
  warmup: number;
  windows: number;
  windowSteps: number;
  /** Kernel choices for the app's engine: `tuned` and forced candidate ids. */
  kernels: string[];
  rounds: number;
  /** Time every candidate within this budget whatever the adapter's speed (SwiftShader too); 0: the tuner as a run has it. */
  tuneBudgetMs: number;
  /** false: no window recorded ahead of a read (the GPU's idle time between windows without it). */
  runAhead: boolean;
}

export interface EngineBenchRow {
  network: string;
  batch: number;
  lane: EngineLane;
  round: number;
  row: BenchRow | null;
  failure?: string;
}

export function laneName(lane: EngineLane): string {
  return lane.engine === 'tfjs' ? 'TensorFlow.js' : `app's engine (${lane.kernels})`;
}

/** Training examples for a bench run: one epoch covers every step, so no epoch's end falls inside the measured windows. */
function examplesFor(batch: number, steps: number): number {
  return Math.min(60_000, Math.max(2048, batch * (steps + 1)));
}

function configOf(network: string, batch: number, lane: EngineLane, steps: number): RunConfig {
  const engine = lane.engine;
  if (network.startsWith(GAN_PREFIX)) {
    const model = network.slice(GAN_PREFIX.length) as GanModelId;
    const { config, errors } = parseGanConfig({ backend: 'webgpu', model, batchSize: String(batch), gpuEngine: engine, steps: String(steps + 1) });
    if (errors.length) throw new Error(errors.map((e) => EN.say(e.message)).join('; '));
    return config;
  }
  const { config, errors } = parseCnnConfig({ backend: 'webgpu', model: network as CnnModelId, batchSize: String(batch), gpuEngine: engine, trainExamples: String(examplesFor(batch, steps)), testExamples: '100', epochs: '1' });
  if (errors.length) throw new Error(errors.map((e) => EN.say(e.message)).join('; '));
  return config;
}

export async function measureEngines(open: () => Promise<Page>, options: EngineBenchOptions, log: (line: string) => void): Promise<EngineBenchRow[]> {
  const rows: EngineBenchRow[] = [];
  const steps = options.warmup + options.windows * options.windowSteps;
  const lanes: EngineLane[] = [{ engine: 'tfjs' }, ...options.kernels.map((kernels) => ({ engine: 'app' as const, kernels }))];
  for (let round = 0; round < options.rounds; round++) {
    // Every other round runs the lanes backwards, so no lane always runs on a warmer (or busier) machine.
    const order = round % 2 === 0 ? lanes : [...lanes].reverse();
    for (const network of options.networks) {
      for (const batch of options.batches) {
        for (const lane of order) {
          log(`round ${round + 1}: ${network}, batch ${batch}, WebGPU with ${laneName(lane)}: ${options.warmup} warm-up + ${options.windows} × ${options.windowSteps} steps…`);
          const config = configOf(network, batch, lane, steps);
          const gemm = lane.engine === 'app' && lane.kernels !== TUNED ? lane.kernels : undefined;
          const command = { kind: 'benchmark' as const, config, warmupSteps: options.warmup, measuredSteps: options.windows * options.windowSteps, includeBareLoop: false, stepFigures: { windows: options.windows, windowSteps: options.windowSteps, runAhead: options.runAhead }, ...(gemm ? { gemm } : {}), ...(options.tuneBudgetMs && !gemm ? { tuneBudgetMs: options.tuneBudgetMs } : {}) };
          const page = await open();
          try {
            const [row] = await page.evaluate((cmd) => window.runBenchmark(cmd), command);
            rows.push({ network, batch, lane, round, row });
          } catch (err) {
            rows.push({ network, batch, lane, round, row: null, failure: err instanceof Error ? err.message.split('\n')[0] : String(err) });
          } finally {
            await page.close();
          }
        }
      }
    }
  }
  return rows;
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const sameLane = (a: EngineLane, b: EngineLane) => laneName(a) === laneName(b);

/** One line per network, batch and lane: counts from the first round, step ms as the median over rounds (each round's value listed). */
export function engineTable(rows: readonly EngineBenchRow[]): string {
  const head = '| network | batch | lane | dispatches / step | submits / step | waits / window (steps) | buffers / step | bind groups / step | uploads / step | pipelines | CPU ms to record + submit a step | GPU idle between windows, ms | step ms, median (rounds) | examples/s | step vs TensorFlow.js |';
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const first of rows) {
    const key = `${first.network}|${first.batch}|${laneName(first.lane)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const all = rows.filter((r) => r.network === first.network && r.batch === first.batch && sameLane(r.lane, first.lane));
    const ok = all.filter((r) => r.row?.figures);
    const name = laneName(first.lane);
    if (ok.length === 0) {
      lines.push(`| ${first.network} | ${first.batch} | ${name} | FAILED: ${all[0].failure ?? 'no figures'} ||||||||||||`);
      continue;
    }
    const row = ok[0].row as BenchRow;
    const f = row.figures as NonNullable<BenchRow['figures']>;
    const stepMs = median(ok.map((r) => r.row?.figures?.stepMs ?? NaN));
    const tfjs = rows.filter((r) => r.network === first.network && r.batch === first.batch && r.lane.engine === 'tfjs' && r.row?.figures);
    const ratio = tfjs.length ? stepMs / median(tfjs.map((r) => r.row?.figures?.stepMs ?? NaN)) : NaN;
    const ran = row.engine === first.lane.engine ? '' : ` (ran ${row.engine ?? 'tfjs'})`;
    const p = f.perStep;
    const examples = (row.examplesPerSec * f.stepMs) / stepMs;
    lines.push(
      `| ${first.network} | ${first.batch} | ${name}${ran} | ${fixed(p.dispatches, 1)} | ${fixed(p.submits, 2)} | ${fixed(f.awaitsPerWindow, 1)} (${fixed(f.windowSteps, 0)}) | ${fixed(p.buffers, 2)} | ${fixed(p.bindGroups, 1)} | ${fixed(p.writes, 2)} | ${f.pipelines} | ${fixed(f.encodeMs, 3)} | ${f.gpuIdleMs === null || f.gpuIdleMs === undefined ? 'unavailable' : fixed(f.gpuIdleMs, 3)} | ${fixed(stepMs, 1)} (${ok.map((r) => fixed(r.row?.figures?.stepMs ?? NaN, 0)).join(', ')}) | ${fixed(examples, 0)} | ${fixed(ratio, 2)}× |`,
    );
  }
  return [head, `|${'---|'.repeat(3)}${'---:|'.repeat(12)}`, ...lines].join('\n');
}

/** Side by side in the same rounds: each app lane's step time over a reference lane's (legacy-direct: the engine's first kernels). */
export function kernelRatioTable(rows: readonly EngineBenchRow[], reference: string): string {
  const apps = [...new Set(rows.filter((r) => r.lane.engine === 'app').map((r) => laneName(r.lane)))];
  const refName = laneName({ engine: 'app', kernels: reference });
  if (!apps.includes(refName)) return '';
  const keys = [...new Set(rows.map((r) => `${r.network}|${r.batch}`))];
  const head = `| network | batch | ${apps.map((a) => `${a} / ${refName}`).join(' | ')} |`;
  const lines = keys.map((key) => {
    const [network, batch] = key.split('|');
    const stepOf = (name: string) => median(rows.filter((r) => r.network === network && String(r.batch) === batch && laneName(r.lane) === name && r.row?.figures).map((r) => r.row?.figures?.stepMs ?? NaN));
    const ref = stepOf(refName);
    return `| ${network} | ${batch} | ${apps.map((a) => `${fixed(stepOf(a) / ref, 2)}×`).join(' | ')} |`;
  });
  return [head, `|---|---:|${'---:|'.repeat(apps.length)}`, ...lines].join('\n');
}

/** The tuner's work per network and batch (first round, tuned lane): each product's candidates' times and the choice. */
export function tuningTables(rows: readonly EngineBenchRow[]): string {
  return rows
    .filter((r) => r.round === 0 && r.lane.engine === 'app' && r.lane.kernels === TUNED && r.row?.tuning)
    .map((r) => `\n${tuningTable(`${r.network}, batch ${r.batch}`, r.row?.tuning as TuningReport)}`)
    .join('\n');
}

export interface ParityRow {
  model: CnnModelId;
  lane: string;
  steps: number;
  worst: number | null;
  finalLoss: number;
}

/** The lab's parity check per model: cpu, then WebGPU with each engine, from the same weights and batches; each lane's largest gap to cpu. */
export async function measureParity(open: () => Promise<Page>, options: { models: CnnModelId[]; batch: number; steps: number }, log: (line: string) => void): Promise<ParityRow[]> {
  const rows: ParityRow[] = [];
  for (const model of options.models) {
    log(`parity: ${model}, batch ${options.batch}, ${options.steps} steps on cpu and both WebGPU engines…`);
    const { settings, errors } = parseLabSettings({ model, batchSize: String(options.batch), backends: 'cpu,webgpu', webgpuEngines: 'both', paritySteps: String(options.steps) });
    if (errors.length) throw new Error(errors.map((e) => EN.say(e.message)).join('; '));
    const page = await open();
    const job: LabJobState = await page.evaluate((cmd) => window.runLab(cmd), { kind: 'parity' as const, settings });
    await page.close();
    const cpu = job.parityCurves.find((c) => c.backend === 'cpu');
    for (const curve of job.parityCurves) {
      const worst = cpu && curve !== cpu ? Math.max(...curve.losses.map((loss, i) => Math.abs(loss - cpu.losses[i]))) : null;
      rows.push({ model, lane: laneId({ backend: curve.backend, engine: curve.engine ?? 'tfjs' }), steps: curve.losses.length, worst, finalLoss: curve.losses[curve.losses.length - 1] });
    }
    for (const stop of job.stops) log(`parity: ${EN.say(stop.reason)}`);
  }
  return rows;
}

export function parityTable(rows: readonly ParityRow[]): string {
  const head = '| model | lane | steps | largest gap to cpu | last loss |';
  const lines = rows.map((r) => `| ${r.model} | ${r.lane} | ${r.steps} | ${r.worst === null ? '(reference)' : r.worst.toExponential(2)} | ${fixed(r.finalLoss, 4)} |`);
  return [head, '|---|---|---:|---:|---:|', ...lines].join('\n');
}
