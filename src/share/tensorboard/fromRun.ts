/**
 * A training run on the page as a TensorBoard log: its metrics as scalars (train scalars, test loss and
 * accuracy, throughput, step time, memory), its weight histograms (sent by the worker at each epoch end),
 * and its settings, run facts and device report as text. Tags use TensorBoard's "section/name" grouping.
 * Pure: the page hands in what its run store holds. English throughout, like the exported Python package.
 */
import type { RunConfig } from '../../config/workloads';
import type { EvalPoint, MetricsPoint, RunInfo, WeightHistograms } from '../../engine/protocol/training';
import { Translator } from '../../i18n/translator';
import { priorBefore, type PriorCurves } from '../priorCurves';
import type { RunLog, ScalarPoint } from './runLog';

export interface RunForLog {
  config: RunConfig;
  info: RunInfo | null;
  metrics: readonly MetricsPoint[];
  evals: readonly EvalPoint[];
  histograms: readonly WeightHistograms[];
  /** The saved run's curves a continued run started from, by scalar name, written before the run's own points of those scalars. */
  priorCurves?: PriorCurves;
  /** Epoch ms: when the run was asked for. */
  startedAt: number;
  /** The device as a shared result records it (flat keys: GPU, renderer, browser, versions…), or null. */
  device: Readonly<Record<string, unknown>> | null;
}

/** Per-point figures besides the workload's own scalars, by tag; undefined or null: not measured then. */
const POINT_FIGURES: Record<string, (p: MetricsPoint) => number | null | undefined> = {
  'speed/examples_per_sec': (p) => p.examplesPerSec,
  'speed/gflops': (p) => p.gflops,
  'speed/step_ms': (p) => p.stepMs,
  'pipeline/data_wait_ms': (p) => p.dataWaitMs,
  'memory/bytes': (p) => p.bytes,
  'memory/gpu_bytes': (p) => p.gpuBytes,
  'memory/tensors': (p) => p.numTensors,
};

const EVAL_FIGURES: Record<string, (e: EvalPoint) => number> = {
  'test/loss': (e) => e.testLoss,
  'test/accuracy': (e) => e.testAccuracy,
};

function series(tag: string, points: ScalarPoint[]): { tag: string; points: ScalarPoint[] }[] {
  return points.length ? [{ tag, points }] : [];
}

function trainScalars(run: RunForLog): { tag: string; points: ScalarPoint[] }[] {
  const names = [...new Set(run.metrics.flatMap((p) => Object.keys(p.scalars)))];
  const firstStep = run.metrics[0]?.step ?? Infinity;
  return names.flatMap((name) => {
    const own = run.metrics.flatMap((p) => (p.scalars[name] === undefined ? [] : [{ step: p.step, value: p.scalars[name] }]));
    const prior = priorBefore(run.priorCurves, name, firstStep).map(([step, value]) => ({ step, value }));
    return series(`train/${name}`, [...prior, ...own]);
  });
}

const ENGLISH = new Translator('en');

/** Whose kernels trained, in words beside the id, as the run info says it: only WebGPU has a choice. */
function engineText(info: RunInfo): string {
  if (info.engine === 'app') return "app (the app's own WebGPU engine: the model compiled into a few fused kernels, one submit a step)";
  return info.backend === 'webgpu' ? "tfjs (TensorFlow.js's WebGPU kernels)" : 'tfjs (TensorFlow.js)';
}

/** A Markdown table TensorBoard's Text tab renders: one row per key. */
function table(rows: [string, unknown][]): string {
  const cell = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return ['| setting | value |', '| --- | --- |', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`)].join('\n');
}

function texts(run: RunForLog): RunLog['texts'] {
  const out: RunLog['texts'] = [{ tag: 'run/settings', text: table(Object.entries(run.config)) }];
  if (run.info) {
    const { flags, engine: _engine, engineNote, ...facts } = run.info;
    const engine: [string, unknown][] = [['engine', engineText(run.info)], ...(engineNote ? [['engine note', ENGLISH.say(engineNote)] as [string, unknown]] : [])];
    out.push({ tag: 'run/info', text: table([...Object.entries(facts), ...engine, ...Object.entries(flags).map(([k, v]): [string, unknown] => [`flag ${k}`, v])]) });
  }
  if (run.device) out.push({ tag: 'run/device', text: table(Object.entries(run.device)) });
  return out;
}

export function runLogOf(run: RunForLog): RunLog {
  const pointSeries = Object.entries(POINT_FIGURES).flatMap(([tag, figure]) =>
    series(tag, run.metrics.flatMap((p) => {
      const value = figure(p);
      return value === undefined || value === null ? [] : [{ step: p.step, value }];
    })),
  );
  const evalSeries = Object.entries(EVAL_FIGURES).flatMap(([tag, figure]) => series(tag, run.evals.map((e) => ({ step: e.step, value: figure(e) }))));
  return {
    startedAt: run.startedAt,
    scalars: [...trainScalars(run), ...evalSeries, ...pointSeries],
    histograms: run.histograms.flatMap(({ step, tensors }) => tensors.map(({ name, histogram }) => ({ tag: `weights/${name}`, step, histogram }))),
    texts: texts(run),
  };
}
