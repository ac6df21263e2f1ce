/** Two results side by side: per lane (a backend, WebGPU once per engine) and figure, both values and their ratio; and their exports. */
import { laneIdOf } from '../config/lanes';
import { Translator, type MessageId } from '../i18n/translator';
import { toCsv, curvesToCsv, columnName, engineCell, type Cell } from './csv';
import type { SharedCurve, SharedResult, SharedRow } from './resultDoc';
import { withSpeedUps, type SpeedUps } from './speedUps';

export type FigureKey = 'examplesPerSec' | 'medianStepMs' | 'p90StepMs' | 'firstStepMs' | 'gflops' | 'peakBytes' | 'finalLoss' | 'testAccuracy';

export interface Figure {
  key: FigureKey;
  /** Whether a larger value is the better one (throughput) or the worse (time). */
  higherIsBetter: boolean | null;
}

export const FIGURES: readonly Figure[] = [
  { key: 'examplesPerSec', higherIsBetter: true },
  { key: 'medianStepMs', higherIsBetter: false },
  { key: 'p90StepMs', higherIsBetter: false },
  { key: 'firstStepMs', higherIsBetter: false },
  { key: 'gflops', higherIsBetter: true },
  { key: 'peakBytes', higherIsBetter: null },
  { key: 'finalLoss', higherIsBetter: false },
  { key: 'testAccuracy', higherIsBetter: true },
];

/** A race's derived figures: each side's speed-up over its own CPU rows, as the sender's table showed it. */
export type SpeedUpKey = keyof SpeedUps;

export interface SpeedUpFigure {
  key: SpeedUpKey;
  higherIsBetter: true;
}

export const SPEED_UP_FIGURES: readonly SpeedUpFigure[] = [
  { key: 'speedUpVsCpu', higherIsBetter: true },
  { key: 'speedUpVsWasm', higherIsBetter: true },
];

/**
 * The Translator the functions below take last: the result views pass the page's; English by default
 * (the English figure names and CSV headers are what they always were).
 */
const ENGLISH = new Translator('en');

/** A figure's name in the tables, e.g. "Median step (ms)". */
export function figureLabel(figure: Figure | SpeedUpFigure, t: Translator = ENGLISH): string {
  return t.t(`share.figure.${figure.key}` as MessageId);
}

export interface ComparedFigure {
  figure: Figure | SpeedUpFigure;
  a: number | null;
  b: number | null;
  /** b ÷ a; null when either is missing or a is 0, and for speed-ups (a ratio of ratios reads as noise). */
  ratio: number | null;
}

export interface ComparedRow {
  /** e.g. "webgl", "webgpu-tfjs" or "webgl-bare": its lane (src/config/lanes.ts), unique per table, safe in a test id. */
  key: string;
  row: Pick<SharedRow, 'backend' | 'loop' | 'engine'>;
  figures: ComparedFigure[];
  /** Which side's row ran on a software GPU (the CPU): its times and speed-ups are CPU figures. */
  softwareGpu: { a: boolean; b: boolean };
}

/** A row's lane, and its loop: a WebGPU row of the app's engine and one of TensorFlow.js's are never the same row. */
export function rowKey(row: Pick<SharedRow, 'backend' | 'loop' | 'engine'>): string {
  const lane = laneIdOf(row);
  return row.loop === 'bare' ? `${lane}-bare` : lane;
}

export function ratioOf(a: number | null, b: number | null): number | null {
  if (a === null || b === null || a === 0) return null;
  return b / a;
}

/** Each app-loop row's speed-ups by lane; empty for a result that is not a race. */
function speedUpsByLane(result: SharedResult): Map<string, SpeedUps> {
  if (result.race === null) return new Map();
  return new Map(withSpeedUps(result.rows.filter((r) => r.loop === 'app')).map((r) => [laneIdOf(r), { speedUpVsCpu: r.speedUpVsCpu, speedUpVsWasm: r.speedUpVsWasm }]));
}

/** The speed-up figures a comparison shows: those either race has a value for (vs WebAssembly only where a wasm row ran). */
function speedUpFiguresOf(sides: readonly Map<string, SpeedUps>[]): SpeedUpFigure[] {
  return SPEED_UP_FIGURES.filter((f) => sides.some((side) => [...side.values()].some((s) => s[f.key] !== null)));
}

/**
 * Every lane of either result (in A's order, then B's extras), with the figures either has; for
 * races, each side's speed-ups over the plain-JS CPU and over WebAssembly where it has those rows.
 * WebGPU on the app's engine and on TensorFlow.js's kernels are two rows, never compared as one.
 */
export function compareResults(a: SharedResult, b: SharedResult): ComparedRow[] {
  const keys = [...new Set([...a.rows.map(rowKey), ...b.rows.map(rowKey)])];
  const figures = FIGURES.filter((f) => [...a.rows, ...b.rows].some((r) => r[f.key] !== undefined));
  const speedUpsA = speedUpsByLane(a);
  const speedUpsB = speedUpsByLane(b);
  const speedUpFigures = speedUpFiguresOf([speedUpsA, speedUpsB]);
  return keys.map((key) => {
    const rowA = a.rows.find((r) => rowKey(r) === key);
    const rowB = b.rows.find((r) => rowKey(r) === key);
    const row = (rowA ?? rowB) as SharedRow;
    const speedUpOf = (side: Map<string, SpeedUps>, figure: SpeedUpFigure) => (row.loop === 'app' ? (side.get(laneIdOf(row))?.[figure.key] ?? null) : null);
    return {
      key,
      row: { backend: row.backend, loop: row.loop, ...(row.engine ? { engine: row.engine } : {}) },
      softwareGpu: { a: rowA?.softwareGpu === true, b: rowB?.softwareGpu === true },
      figures: [
        ...figures.map((figure) => {
          const valueA = rowA?.[figure.key] ?? null;
          const valueB = rowB?.[figure.key] ?? null;
          return { figure, a: valueA, b: valueB, ratio: ratioOf(valueA, valueB) };
        }),
        ...speedUpFigures.map((figure) => ({ figure, a: speedUpOf(speedUpsA, figure), b: speedUpOf(speedUpsB, figure), ratio: null })),
      ],
    };
  });
}

export interface Labelled {
  label: string;
  result: SharedResult;
}

/** JSON of a comparison: both documents, each exactly what its link carries, under their labels. */
export function comparisonToJson(a: Labelled, b: Labelled): string {
  return JSON.stringify({ comparison: [a, b] }, null, 2);
}

/** One line per lane: each figure of A, of B, and B ÷ A. */
export function comparisonRowsCsv(a: Labelled, b: Labelled, t: Translator = ENGLISH): string {
  const rows = compareResults(a.result, b.result);
  const figures = rows[0]?.figures.map((f) => f.figure) ?? [];
  const engine = rows.some((r) => r.row.backend === 'webgpu');
  const header = [
    columnName('loop', t),
    columnName('backend', t),
    ...(engine ? [columnName('engine', t)] : []),
    ...figures.flatMap((f) => {
      const column = columnName(f.key, t);
      return [t.t('share.csv.side', { side: a.label, column }), t.t('share.csv.side', { side: b.label, column }), t.t('share.csv.ratio', { column })];
    }),
  ];
  const lines = rows.map((r): Cell[] => [r.row.loop, r.row.backend, ...(engine ? [engineCell(r.row)] : []), ...r.figures.flatMap((f) => [f.a, f.b, f.ratio])]);
  return toCsv(header, lines);
}

/** One line per step, a column per curve of either result, named "label: curve". */
export function comparisonStepsCsv(a: Labelled, b: Labelled, t: Translator = ENGLISH): string {
  const prefixed = (l: Labelled): SharedCurve[] => l.result.curves.map((c) => ({ name: t.t('share.csv.sideCurve', { side: l.label, curve: c.name }), points: c.points }));
  return curvesToCsv([...prefixed(a), ...prefixed(b)], t);
}
