/**
 * Shared results from what this page measured: a CNN or GAN training run (its store's metrics
 * windows) or a lab race (its per-backend rows). Pure, so the figures a link carries are tested.
 */
import { msg, type Message } from '../i18n/message';
import type { BackendName } from '../config/backends';
import type { GanRunConfig } from '../config/ganConfig';
import type { GpuEngine, RaceGpuEngines } from '../config/gpuEngines';
import { laneIdOf, type LaneId } from '../config/lanes';
import type { CnnRunConfig } from '../config/cnnConfig';
import type { OwnDatasetSummary } from '../config/datasets';
import type { LabWorkload } from '../config/labConfig';
import type { RaceRow } from '../engine/protocol/lab';
import type { EvalPoint, MetricsPoint, RunInfo } from '../engine/protocol/training';
import type { Point } from './downsample';
import { sharedOwnDatasetOf } from './ownDatasetFacts';
import { priorBefore, type PriorCurves } from './priorCurves';
import { makeSharedResult, type SharedResult, type SharedRow } from './resultDoc';
import type { DeviceForShare } from './flattenDevice';
import { raceConfigOf } from './resultSettings';
import { rowFlag, softwareFromDevice, type SoftwareMap } from './softwareGpu';
import { curveName } from './curveNames';

export { curveName } from './curveNames';

/** Curve names are `metric (lane)` (src/share/curveNames.ts); the same metrics in every kind of result, so they overlay. */
export const CURVE_METRICS = {
  loss: 'loss',
  dLoss: 'D loss',
  gLoss: 'G loss',
  testAccuracy: 'test accuracy',
  throughput: 'examples/s',
  memory: 'memory bytes',
} as const;

/** The per-step scalar a row's final loss comes from. */
const HEADLINE_SCALAR = { cnn: 'loss', gan: 'dLoss' } as const;

/** What a shared row says of its engine: 'app' where the app's engine trained; nothing for TensorFlow.js's kernels. */
function engineField(engine: GpuEngine | undefined): Pick<SharedRow, 'engine'> {
  return engine === 'app' ? { engine: 'app' } : {};
}

/** Everything of a finished (or stopped) training run that its shared result needs. */
export interface RunCapture {
  config: CnnRunConfig | GanRunConfig;
  info: RunInfo | null;
  firstStepMs: number | null;
  metrics: readonly MetricsPoint[];
  evals: readonly EvalPoint[];
  /** The saved run's curves a continued run started from, by scalar name: its curves of those scalars begin with them. */
  priorCurves?: PriorCurves;
  /** The data set of your own the run trained on, as the page lists it (its name, size and hash go into the result). */
  ownDataset?: OwnDatasetSummary | null;
}

export type BuiltResult = { ok: true; result: SharedResult } | { ok: false; reason: Message };

/** The software GPUs of the device a result was measured on: as the probes found them, else as its report names them. */
function softwareOf(env: DeviceForShare): SoftwareMap {
  return env.software ?? softwareFromDevice(env.device);
}

/** The value below which `fraction` of the total weight lies (windows weighted by their step counts). */
export function weightedQuantile(items: readonly { value: number; weight: number }[], fraction: number): number {
  const sorted = items.filter((i) => Number.isFinite(i.value) && i.weight > 0).sort((a, b) => a.value - b.value);
  if (sorted.length === 0) return NaN;
  const total = sorted.reduce((sum, i) => sum + i.weight, 0);
  let below = 0;
  for (const item of sorted) {
    below += item.weight;
    if (below >= fraction * total) return item.value;
  }
  return sorted[sorted.length - 1].value;
}

const finiteOr = (value: number | null | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback);

function runRow(run: RunCapture, backend: BackendName): SharedRow {
  const steady = run.metrics.filter((p) => !p.warmup);
  const windows = steady.length ? steady : run.metrics;
  const weighted = (read: (p: MetricsPoint) => number) => windows.map((p) => ({ value: read(p), weight: Math.max(1, p.stepsInWindow) }));
  const gpu = run.metrics.map((p) => p.gpuBytes).filter((b): b is number => b !== null);
  const last = run.metrics[run.metrics.length - 1];
  const finalLoss = last.scalars[HEADLINE_SCALAR[run.config.workload]];
  const lastEval = run.evals[run.evals.length - 1];
  const row: SharedRow = {
    loop: 'app',
    backend,
    firstStepMs: finiteOr(run.firstStepMs ?? run.metrics.find((p) => p.warmup)?.stepMs, 0),
    medianStepMs: finiteOr(weightedQuantile(weighted((p) => p.stepMs), 0.5), 0),
    p90StepMs: finiteOr(weightedQuantile(weighted((p) => p.stepMs), 0.9), 0),
    examplesPerSec: finiteOr(weightedQuantile(weighted((p) => p.examplesPerSec), 0.5), 0),
    gflops: finiteOr(weightedQuantile(weighted((p) => p.gflops), 0.5), 0),
    peakBytes: gpu.length ? Math.max(...gpu) : Math.max(...run.metrics.map((p) => p.bytes)),
  };
  if (Number.isFinite(finalLoss) && finalLoss >= 0) row.finalLoss = finalLoss;
  if (lastEval && Number.isFinite(lastEval.testAccuracy)) row.testAccuracy = lastEval.testAccuracy;
  return row;
}

function scalarCurve(metrics: readonly MetricsPoint[], scalar: string): Point[] {
  return metrics.flatMap((p) => (Number.isFinite(p.scalars[scalar]) ? [[p.step, p.scalars[scalar]] as Point] : []));
}

/** A continued run's whole curve of `scalar`: the saved run's points before its own first step, then its own. */
function wholeCurve(run: RunCapture, scalar: string): Point[] {
  const own = scalarCurve(run.metrics, scalar);
  const prior = priorBefore(run.priorCurves, scalar, own[0]?.[0] ?? Infinity).map(([step, value]): Point => [step, value]);
  return [...prior, ...own];
}

function runCurves(run: RunCapture, lane: LaneId): { name: string; points: Point[] }[] {
  const steady = run.metrics.filter((p) => !p.warmup);
  const scalarCurves =
    run.config.workload === 'cnn'
      ? [
          { name: curveName(CURVE_METRICS.loss, lane), points: wholeCurve(run, 'loss') },
          { name: curveName(CURVE_METRICS.testAccuracy, lane), points: run.evals.map((e): Point => [e.step, e.testAccuracy]) },
        ]
      : [
          { name: curveName(CURVE_METRICS.dLoss, lane), points: wholeCurve(run, 'dLoss') },
          { name: curveName(CURVE_METRICS.gLoss, lane), points: wholeCurve(run, 'gLoss') },
        ];
  return [
    ...scalarCurves,
    { name: curveName(CURVE_METRICS.throughput, lane), points: steady.map((p): Point => [p.step, p.examplesPerSec]) },
    { name: curveName(CURVE_METRICS.memory, lane), points: run.metrics.map((p): Point => [p.step, p.gpuBytes ?? p.bytes]) },
  ].filter((c) => c.points.length > 0);
}

/** A training run's shared result: one row for the backend (and engine) that ran, its curves, this device. */
export function resultFromRun(run: RunCapture, env: DeviceForShare, createdAt = new Date()): BuiltResult {
  if (run.metrics.length === 0) return { ok: false, reason: msg('share.result.noSteps') };
  const backend = run.info?.backend ?? run.config.backend;
  const engine = engineField(run.info?.engine);
  return {
    ok: true,
    result: makeSharedResult({
      config: run.config,
      rows: [{ ...runRow(run, backend), ...engine, ...rowFlag(backend, softwareOf(env)) }],
      curves: runCurves(run, laneIdOf({ backend, ...engine })),
      device: env.device,
      versions: env.versions,
      createdAt,
      ownDataset: run.ownDataset ? sharedOwnDatasetOf(run.ownDataset) : null,
    }),
  };
}

export interface RaceCapture {
  workload: LabWorkload;
  /** The backends asked for, in race order (some may have stopped without a row). */
  backends: readonly BackendName[];
  /** Which engines raced on WebGPU. */
  webgpuEngines: RaceGpuEngines;
  rows: readonly RaceRow[];
}

function raceRow(row: RaceRow): SharedRow {
  const trace = row.stepTrace ?? [];
  const lastLoss = trace.length ? trace[trace.length - 1].loss : NaN;
  const shared: SharedRow = {
    loop: 'app',
    backend: row.backend,
    ...engineField(row.engine),
    firstStepMs: finiteOr(row.firstStepMs, 0),
    medianStepMs: finiteOr(row.medianStepMs, 0),
    p90StepMs: finiteOr(row.p90StepMs, 0),
    examplesPerSec: finiteOr(row.examplesPerSec, 0),
    gflops: finiteOr(row.gflops, 0),
    peakBytes: row.gpuBytes ?? row.peakBytes,
  };
  if (Number.isFinite(lastLoss) && lastLoss >= 0) shared.finalLoss = lastLoss;
  return shared;
}

function raceCurves(row: RaceRow): { name: string; points: Point[] }[] {
  const trace = row.stepTrace ?? [];
  const measured = trace.filter((s) => s.step > row.warmupSteps && s.stepMs > 0);
  const lane = laneIdOf(row);
  return [
    { name: curveName(CURVE_METRICS.loss, lane), points: trace.map((s): Point => [s.step, s.loss]) },
    { name: curveName(CURVE_METRICS.throughput, lane), points: measured.map((s): Point => [s.step, (row.batchSize * 1000) / s.stepMs]) },
    { name: curveName(CURVE_METRICS.memory, lane), points: trace.map((s): Point => [s.step, s.gpuBytes ?? s.bytes]) },
  ].filter((c) => c.points.length > 0);
}

/** One row per lane that ran: a lane that asked for the app's engine and fell back measured TensorFlow.js's lane again, and the first of the two is kept. */
function onePerLane(rows: readonly RaceRow[]): RaceRow[] {
  return rows.filter((row, i) => rows.findIndex((other) => laneIdOf(other) === laneIdOf(row)) === i);
}

/** A race's shared result: a row and curves per lane that finished (WebGPU once per engine), the race settings, this device. */
export function resultFromRace(race: RaceCapture, env: DeviceForShare, createdAt = new Date()): BuiltResult {
  if (race.rows.length === 0) return { ok: false, reason: msg('share.result.noRows') };
  const { workload } = race;
  const rows = onePerLane(race.rows);
  return {
    ok: true,
    result: makeSharedResult({
      config: raceConfigOf(workload),
      race: { backends: [...race.backends], warmupSteps: workload.warmupSteps, measuredSteps: workload.measuredSteps, webgpuEngines: race.webgpuEngines },
      rows: rows.map((row) => ({ ...raceRow(row), ...rowFlag(row.backend, softwareOf(env)) })),
      curves: rows.flatMap(raceCurves),
      device: env.device,
      versions: env.versions,
      createdAt,
    }),
  };
}
