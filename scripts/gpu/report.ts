/** The device run's report: the engine's rows (engine.json) beside PyTorch's (torch.json), as Markdown. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GpuEngine } from '../../src/config/gpuEngines';
import type { StepFigures } from '../../src/engine/protocol/stepFigures';

interface EngineRow {
  workload: string;
  batch: number;
  engine: GpuEngine;
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
    const of = (engine: GpuEngine) => rows.find((r) => r.workload === workload && String(r.batch) === batch && r.engine === engine);
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
    if (!f) return `| ${r.workload} | ${r.batch} | ${r.engine} | FAILED: ${r.failure ?? ''} |||||||`;
    return `| ${r.workload} | ${r.batch} | ${r.engine} | ${f.perStep.dispatches.toFixed(1)} | ${f.perStep.submits.toFixed(2)} | ${f.awaitsPerWindow.toFixed(1)} (${f.windowSteps}) | ${f.perStep.buffers.toFixed(2)} | ${f.perStep.bindGroups.toFixed(1)} | ${f.pipelines} | ${f.encodeMs.toFixed(3)} |`;
  });
  return ['| model | batch | engine | dispatches / step | submits / step | waits / window (steps) | buffers / step | bind groups / step | pipelines | CPU ms to record + submit |', '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n');
}

export function mergeReport(folder: string): string {
  const engine = read<{ adapter?: string; cnn?: EngineRow[]; gan?: EngineRow[]; fullSeedRun?: { secondsTo99: number | null; epochs: { epoch: number; trainSeconds: number; testAccuracy: number }[] }; error?: string }>(join(folder, 'engine.json'));
  const torch = read<{ torch: string; device: string; rows: TorchRow[]; error?: string }>(join(folder, 'torch.json'));
  const rows = [...(engine?.cnn ?? []), ...(engine?.gan ?? [])];
  const parts = [
    `# The app's WebGPU engine on ${engine?.adapter ?? 'an unknown adapter'}`,
    `PyTorch ${torch?.torch ?? '(did not run)'} on ${torch?.device ?? '–'}. Engine figures: steps recorded back to back, one read-back a window; PyTorch both ways.`,
    speedTable(rows, torch?.rows ?? []),
    countTable(rows),
  ];
  const full = engine?.fullSeedRun;
  if (full) {
    const epochs = full.epochs.map((e) => `epoch ${e.epoch}: ${(e.testAccuracy * 100).toFixed(2)}% after ${e.trainSeconds.toFixed(2)} s`).join('; ');
    parts.push(`Full seed run (classic CNN, batch 64, 60,000 MNIST images, app's engine): ${full.secondsTo99 === null ? 'did not reach 99%' : `99% test accuracy after ${full.secondsTo99.toFixed(2)} s of training`} (${epochs}).`);
  }
  if (engine?.error) parts.push(`Engine run failed: ${engine.error}`);
  if (torch?.error) parts.push(`PyTorch: ${torch.error}`);
  return `${parts.join('\n\n')}\n`;
}
