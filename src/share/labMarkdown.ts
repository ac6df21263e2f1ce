import type { BackendName } from '../config/backends';
import { laneOf, laneIdOf, type LaneId } from '../config/lanes';
import type { BackendStop, BatchSweepPoint, MatmulSweepPoint, RaceRow } from '../engine/protocol/lab';
import { msg } from '../i18n/message';
import { Translator } from '../i18n/translator';
import { crossoverSentence, matmulCrossovers } from './crossover';
import { markedRatio, type SoftwareMap } from './softwareGpu';
import { withSpeedUps } from './speedUps';

/** The bench's tables are English unless told otherwise, their stop reasons included. */
const ENGLISH = new Translator('en');

const BYTES_PER_MB = 1024 * 1024;

/** A number with fixed digits, or "n/a" for missing and non-finite values. */
export function fixed(value: number | null | undefined, digits = 1): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

function table(header: string[], align: ('l' | 'r')[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const rule = `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function stopLines(stops: readonly BackendStop[]): string[] {
  return stops.map((s) => `- ${s.kind === 'out-of-memory' ? 'OUT OF MEMORY' : s.kind === 'time-budget' ? 'SKIPPED' : 'STOPPED'}: ${ENGLISH.say(s.reason)}`);
}

function withStops(body: string, stops: readonly BackendStop[]): string {
  return stops.length ? `${body}\n\n${stopLines(stops).join('\n')}` : body;
}

/** A backend id in a table, marked when it ran on a software GPU: "webgl (software, on the CPU)". */
function backendCell(backend: BackendName, software: SoftwareMap, t: Translator): string {
  return software[backend] ? t.t('softwareGpu.named', { backend }) : backend;
}

/** A lane in a table: its backend id, with its engine on WebGPU ("webgpu · the app's engine"), marked like a backend. */
function laneCell(lane: LaneId, software: SoftwareMap, t: Translator): string {
  const { backend, engine } = laneOf(lane);
  const name = backend === 'webgpu' ? t.say(msg(engine === 'app' ? 'lane.app' : 'lane.tfjs', { backend })) : backend;
  return software[backend] ? t.t('softwareGpu.named', { backend: name }) : name;
}

const threadCount = (n: number) => `${n} thread${n === 1 ? '' : 's'}`;

/** A WebAssembly row's threads: the app's kernel pool's, and XNNPACK's where the row recorded it. */
function threadsText(threads: number, xnnpack: number | undefined): string {
  return xnnpack === undefined ? threadCount(threads) : `the app's kernels: ${threadCount(threads)}; XNNPACK: ${threadCount(xnnpack)}`;
}

/**
 * The race as one Markdown table, a row per lane (WebGPU named with its engine), speed-up over the CPU
 * row included (a software GPU's row marked, its speed-ups said to be CPU vs CPU); failed lanes listed below it.
 */
export function raceMarkdown(rows: readonly RaceRow[], stops: readonly BackendStop[] = [], software: SoftwareMap = {}, t: Translator = ENGLISH): string {
  const ratio = (value: number | null, backend: BackendName) => (value === null ? 'n/a' : markedRatio(`${fixed(value, 2)}×`, software[backend] !== undefined, t));
  const header = ['backend', 'first step ms', 'median ms', 'p90 ms', 'min ms', 'max ms', 'examples/s', 'GFLOP/s', 'peak MB', 'GPU MB', 'speed-up vs plain-JS cpu', 'speed-up vs wasm'];
  const body = withSpeedUps(rows).map((r) => [
    r.threads ? `${laneCell(laneIdOf(r), software, t)} (${threadsText(r.threads, r.xnnpackThreads)})` : laneCell(laneIdOf(r), software, t),
    fixed(r.firstStepMs, 0),
    fixed(r.medianStepMs),
    fixed(r.p90StepMs),
    fixed(r.minStepMs),
    fixed(r.maxStepMs),
    fixed(r.examplesPerSec),
    fixed(r.gflops, 3),
    fixed(r.peakBytes / BYTES_PER_MB),
    r.gpuBytes === null ? 'n/a' : fixed(r.gpuBytes / BYTES_PER_MB),
    ratio(r.speedUpVsCpu, r.backend),
    ratio(r.speedUpVsWasm, r.backend),
  ]);
  return withStops(table(header, ['l', ...Array<'r'>(header.length - 1).fill('r')], body), stops);
}

/** Rows = swept values, one column per key (a backend, or a lane; marked when a software GPU), in the order the keys first appear. */
function pivot<P, K extends string>(points: readonly P[], keyOf: (p: P) => K, keyCell: (key: K) => string, valueOf: (p: P) => number, cell: (p: P) => string, valueHeader: string): string {
  const keys = [...new Set(points.map(keyOf))];
  const values = [...new Set(points.map(valueOf))].sort((a, b) => a - b);
  const rows = values.map((v) => [String(v), ...keys.map((k) => {
    const point = points.find((p) => keyOf(p) === k && valueOf(p) === v);
    return point ? cell(point) : '–';
  })]);
  return table([valueHeader, ...keys.map(keyCell)], ['r', ...keys.map(() => 'r' as const)], rows);
}

/** GFLOP/s (median ms) per size and backend, then the crossover sentences (in the translator's language) and any stops. */
export function matmulMarkdown(points: readonly MatmulSweepPoint[], stops: readonly BackendStop[], t: Translator, software: SoftwareMap = {}): string {
  const body = pivot(points, (p) => p.backend, (b) => backendCell(b, software, t), (p) => p.size, (p) => `${fixed(p.gflops, 2)} (${fixed(p.medianMs, 2)} ms)`, 'size n (GFLOP/s, median ms)');
  const sentences = matmulCrossovers(points).map((c) => crossoverSentence(c, t, software[c.gpu] ?? null));
  return withStops(sentences.length ? `${body}\n\n${sentences.join('\n')}` : body, stops);
}

/** Examples/s (median step ms) per batch size and lane, then any stops (out of memory said as such). */
export function batchMarkdown(points: readonly BatchSweepPoint[], stops: readonly BackendStop[] = [], software: SoftwareMap = {}, t: Translator = ENGLISH): string {
  const body = pivot(points, laneIdOf, (lane) => laneCell(lane, software, t), (p) => p.batchSize, (p) => `${fixed(p.examplesPerSec)} (${fixed(p.medianStepMs)} ms)`, 'batch (examples/s, median step ms)');
  return withStops(body, stops);
}
