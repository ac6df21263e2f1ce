/**
 * `npm run bench -- --workload engine`: both WebGPU engines (the app's own, TensorFlow.js's) step by step
 * per model and batch, counted at the WebGPU API in the app's device worker (src/engine/gpu/bench), and
 * with --parity the lab's parity check: every lane's loss curve against the plain-JS cpu backend's.
 */
import type { Page } from 'playwright-core';
import { parseCnnConfig } from '../src/config/cnnConfig';
import { GPU_ENGINES, laneId, type GpuEngine } from '../src/config/gpuEngines';
import { parseLabSettings } from '../src/config/labConfig';
import type { CnnModelId } from '../src/config/models';
import type { LabJobState } from '../src/engine/protocol/labJobState';
import type { BenchRow } from '../src/engine/protocol/training';
import { EN } from './benchTable';

export interface EngineBenchOptions {
  models: CnnModelId[];
  batches: number[];
  warmup: number;
  windows: number;
  windowSteps: number;
}

export interface EngineBenchRow {
  model: CnnModelId;
  batch: number;
  engine: GpuEngine;
  row: BenchRow | null;
  failure?: string;
}

/** Training examples for a bench run: one epoch covers every step, so no epoch's end falls inside the measured windows. */
function examplesFor(batch: number, steps: number): number {
  return Math.min(60_000, Math.max(2048, batch * (steps + 1)));
}

export async function measureEngines(open: () => Promise<Page>, options: EngineBenchOptions, log: (line: string) => void): Promise<EngineBenchRow[]> {
  const rows: EngineBenchRow[] = [];
  const steps = options.warmup + options.windows * options.windowSteps;
  for (const model of options.models) {
    for (const batch of options.batches) {
      for (const engine of GPU_ENGINES) {
        log(`${model}, batch ${batch}, WebGPU with ${engine === 'app' ? "the app's engine" : 'TensorFlow.js'}: ${options.warmup} warm-up + ${options.windows} × ${options.windowSteps} steps…`);
        const { config, errors } = parseCnnConfig({ backend: 'webgpu', model, batchSize: String(batch), gpuEngine: engine, trainExamples: String(examplesFor(batch, steps)), testExamples: '100', epochs: '1' });
        if (errors.length) throw new Error(errors.map((e) => EN.say(e.message)).join('; '));
        const command = { kind: 'benchmark' as const, config, warmupSteps: options.warmup, measuredSteps: options.windows * options.windowSteps, includeBareLoop: false, stepFigures: { windows: options.windows, windowSteps: options.windowSteps } };
        const page = await open();
        try {
          const [row] = await page.evaluate((cmd) => window.runBenchmark(cmd), command);
          rows.push({ model, batch, engine, row });
        } catch (err) {
          rows.push({ model, batch, engine, row: null, failure: err instanceof Error ? err.message.split('\n')[0] : String(err) });
        } finally {
          await page.close();
        }
      }
    }
  }
  return rows;
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export function engineTable(rows: readonly EngineBenchRow[]): string {
  const head = '| model | batch | engine | dispatches / step | submits / step | waits / window (steps) | buffers / step | bind groups / step | uploads / step | pipelines | CPU ms to record + submit a step | step ms | examples/s |';
  const lines = rows.map(({ model, batch, engine, row, failure }) => {
    const name = engine === 'app' ? "app's engine" : 'TensorFlow.js';
    const f = row?.figures;
    if (!row || !f) return `| ${model} | ${batch} | ${name} | FAILED: ${failure ?? 'no figures'} |||||||||| `;
    const ran = row.engine === engine ? '' : ` (ran ${row.engine ?? 'tfjs'})`;
    const p = f.perStep;
    return `| ${model} | ${batch} | ${name}${ran} | ${fixed(p.dispatches, 1)} | ${fixed(p.submits, 2)} | ${fixed(f.awaitsPerWindow, 1)} (${fixed(f.windowSteps, 0)}) | ${fixed(p.buffers, 2)} | ${fixed(p.bindGroups, 1)} | ${fixed(p.writes, 2)} | ${f.pipelines} | ${fixed(f.encodeMs, 3)} | ${fixed(f.stepMs, 1)} | ${fixed(row.examplesPerSec, 0)} |`;
  });
  return [head, `|${'---|'.repeat(3)}${'---:|'.repeat(10)}`, ...lines].join('\n');
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

