/** The device run's report: the engine's rows (engine.json) beside PyTorch's (torch.json), as Markdown. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GpuEngine } from '../../src/config/gpuEngines';
import type { CandidateCheck } from '../../src/engine/gpu/bench/candidateCheck';
import type { StepFigures } from '../../src/engine/protocol/stepFigures';
import type { TuningReport } from '../../src/engine/protocol/tuning';
import { tuningTable } from '../tuningTable';

interface EngineRow {
  workload: string;
  batch: number;
  engine: GpuEngine;
  kernels?: string;
  tuning?: TuningReport | null;
  ran: GpuEngine;
  params: number;
  figures: StepFigures | null;
  examplesPerSec: number | null;
  failure?: string;
}

interface TorchRow {
  workload: string;
  batch: number;
  params: number;
  stepMs: number;
  inFlightMs: number;
}

const ms = (value: number | undefined | null) => (value === undefined || value === null || !Number.isFinite(value) ? '–' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const ratio = (a: number | undefined, b: number | undefined) => (a && b ? `${(a / b).toFixed(2)}×` : '–');

function read<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

function speedTable(rows: readonly EngineRow[], torch: readonly TorchRow[]): string {
  const keys = [...new Set(rows.map((r) => `${r.workload}|${r.batch}`))];
  const lines = keys.map((key) => {
    const [workload, batch] = key.split('|');
    // The app's engine with the tuner's kernels (a row with kernels forced is compared in kernelsTable).
    const of = (engine: GpuEngine) => rows.find((r) => r.workload === workload && String(r.batch) === batch && r.engine === engine && (r.kernels ?? 'tuned') === 'tuned');
    const app = of('app');
    const tfjs = of('tfjs');
    const py = torch.find((t) => t.workload === workload && String(t.batch) === batch);
    const appMs = app?.figures?.stepMs;
    const params = py ? (py.params === app?.params ? `${py.params} (same)` : `app ${app?.params}, PyTorch ${py.params}`) : String(app?.params ?? '–');
    return `| ${workload} | ${batch} | ${ms(appMs)}${app && app.ran !== 'app' ? ' (ran tfjs)' : ''} | ${ms(tfjs?.figures?.stepMs)} | ${ms(py?.stepMs)} | ${ms(py?.inFlightMs)} | ${ratio(appMs, py?.inFlightMs)} | ${ratio(tfjs?.figures?.stepMs, appMs)} | ${Math.round(app?.examplesPerSec ?? 0)} | ${params} |`;
  });
  return [
    '| model | batch | app engine ms/step | TensorFlow.js ms/step | PyTorch ms/step (item() each step) | PyTorch ms/step (in flight) | app / PyTorch in flight | TF.js / app | app examples/s | parameters |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...lines,
  ].join('\n');
}

function countTable(rows: readonly EngineRow[]): string {
  const lines = rows.map((r) => {
    const f = r.figures;
    if (!f) return `| ${r.workload} | ${r.batch} | ${r.engine} | FAILED: ${r.failure ?? ''} ||||||||`;
    return `| ${r.workload} | ${r.batch} | ${r.engine}${r.kernels ? ` (${r.kernels})` : ''} | ${f.perStep.dispatches.toFixed(1)} | ${f.perStep.submits.toFixed(2)} | ${f.awaitsPerWindow.toFixed(1)} (${f.windowSteps}) | ${f.perStep.buffers.toFixed(2)} | ${f.perStep.bindGroups.toFixed(1)} | ${f.pipelines} | ${f.encodeMs.toFixed(3)} | ${f.gpuIdleMs === null || f.gpuIdleMs === undefined ? 'unavailable' : f.gpuIdleMs.toFixed(3)} |`;
  });
  return ['| model | batch | engine | dispatches / step | submits / step | waits / window (steps) | buffers / step | bind groups / step | pipelines | CPU ms to record + submit | GPU idle between windows, ms |', '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n');
}

/** The app's engine with the tuner's kernels beside each kernel forced for the compared models (the engine's first GPU kernels). */
function kernelsTable(rows: readonly EngineRow[]): string {
  const forced = rows.filter((r) => r.engine === 'app' && r.kernels && r.kernels !== 'tuned');
  if (forced.length === 0) return '';
  const lines = forced.map((r) => {
    const tuned = rows.find((t) => t.workload === r.workload && t.batch === r.batch && t.engine === 'app' && (t.kernels ?? 'tuned') === 'tuned');
    return `| ${r.workload} | ${r.batch} | ${r.kernels} | ${ms(r.figures?.stepMs)} | ${ms(tuned?.figures?.stepMs)} | ${ratio(r.figures?.stepMs, tuned?.figures?.stepMs)} |`;
  });
  return ['| model | batch | kernels forced | ms/step | tuned ms/step | forced / tuned |', '|---|---:|---|---:|---:|---:|', ...lines].join('\n');
}

function checkTable(checks: Record<string, CandidateCheck[]>): string {
  const lines = Object.entries(checks).flatMap(([model, list]) => list.map((c) => `| ${model} | ${c.id} | ${c.products} | ${c.relativeError === null ? `FAILED: ${c.failure ?? ''}` : c.relativeError.toExponential(2)} |`));
  return ['| model | candidate | products it ran | largest difference / largest value |', '|---|---|---:|---:|', ...lines].join('\n');
}

export function mergeReport(folder: string): string {
  const engine = read<{ adapter?: string; checks?: Record<string, CandidateCheck[]>; cnn?: EngineRow[]; gan?: EngineRow[]; fullSeedRun?: { secondsTo99: number | null; epochs: { epoch: number; trainSeconds: number; testAccuracy: number }[] }; error?: string }>(join(folder, 'engine.json'));
  const torch = read<{ torch: string; device: string; rows: TorchRow[]; error?: string }>(join(folder, 'torch.json'));
  const rows = [...(engine?.cnn ?? []), ...(engine?.gan ?? [])];
  const parts = [
    `# The app's WebGPU engine on ${engine?.adapter ?? 'an unknown adapter'}`,
    `PyTorch ${torch?.torch ?? '(did not run)'} on ${torch?.device ?? '–'}. Engine figures: steps recorded back to back, one read-back a window; PyTorch both ways.`,
    speedTable(rows, torch?.rows ?? []),
    countTable(rows),
  ];
  const kernels = kernelsTable(rows);
  if (kernels) parts.push(`The tuner's kernels beside the engine's first GPU kernels forced:\n\n${kernels}`);
  if (engine?.checks) parts.push(`Every candidate kernel against legacy-direct on this GPU (random weights, input and output gradient; forward and backward):\n\n${checkTable(engine.checks)}`);
  for (const r of rows) if (r.tuning && (r.kernels ?? 'tuned') === 'tuned' && r.engine === 'app') parts.push(tuningTable(`The tuner, ${r.workload} at batch ${r.batch}`, r.tuning));
  const full = engine?.fullSeedRun;
  if (full) {
    const epochs = full.epochs.map((e) => `epoch ${e.epoch}: ${(e.testAccuracy * 100).toFixed(2)}% after ${e.trainSeconds.toFixed(2)} s`).join('; ');
    parts.push(`Full seed run (classic CNN, batch 64, 60,000 MNIST images, app's engine): ${full.secondsTo99 === null ? 'did not reach 99%' : `99% test accuracy after ${full.secondsTo99.toFixed(2)} s of training`} (${epochs}).`);
  }
  if (engine?.error) parts.push(`Engine run failed: ${engine.error}`);
  if (torch?.error) parts.push(`PyTorch: ${torch.error}`);
  return `${parts.join('\n\n')}\n`;
}
