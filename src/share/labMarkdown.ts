import type { BackendName } from '../config/backends';
import type { BackendStop, BatchSweepPoint, MatmulSweepPoint, RaceRow } from '../engine/protocol/lab';
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

const threadCount = (n: number) => `${n} thread${n === 1 ? '' : 's'}`;

/** A WebAssembly row's threads: the app's kernel pool's, and XNNPACK's where the row recorded it. */
function threadsText(threads: number, xnnpack: number | undefined): string {
  return xnnpack === undefined ? threadCount(threads) : `the app's kernels: ${threadCount(threads)}; XNNPACK: ${threadCount(xnnpack)}`;
}

/**
 * The race as one Markdown table, speed-up over the CPU row included (a software GPU's row marked,
 * its speed-ups said to be CPU vs CPU); failed backends listed below it.
 */
export function raceMarkdown(rows: readonly RaceRow[], stops: readonly BackendStop[] = [], software: SoftwareMap = {}, t: Translator = ENGLISH): string {
  const ratio = (value: number | null, backend: BackendName) => (value === null ? 'n/a' : markedRatio(`${fixed(value, 2)}×`, software[backend] !== undefined, t));
  const header = ['backend', 'first step ms', 'median ms', 'p90 ms', 'min ms', 'max ms', 'examples/s', 'GFLOP/s', 'peak MB', 'GPU MB', 'speed-up vs plain-JS cpu', 'speed-up vs wasm'];
  const body = withSpeedUps(rows).map((r) => [
    r.threads ? `${backendCell(r.backend, software, t)} (${threadsText(r.threads, r.xnnpackThreads)})` : backendCell(r.backend, software, t),
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

/** Rows = swept values, one column per backend (marked when a software GPU), in the order the backends first appear. */
function pivot<P extends { backend: BackendName }>(points: readonly P[], valueOf: (p: P) => number, cell: (p: P) => string, valueHeader: string, software: SoftwareMap, t: Translator): string {
  const backends = [...new Set(points.map((p) => p.backend))];
  const values = [...new Set(points.map(valueOf))].sort((a, b) => a - b);
  const rows = values.map((v) => [String(v), ...backends.map((b) => {
    const point = points.find((p) => p.backend === b && valueOf(p) === v);
    return point ? cell(point) : '–';
  })]);
  return table([valueHeader, ...backends.map((b) => backendCell(b, software, t))], ['r', ...backends.map(() => 'r' as const)], rows);
}

/** GFLOP/s (median ms) per size and backend, then the crossover sentences (in the translator's language) and any stops. */
export function matmulMarkdown(points: readonly MatmulSweepPoint[], stops: readonly BackendStop[], t: Translator, software: SoftwareMap = {}): string {
  const body = pivot(points, (p) => p.size, (p) => `${fixed(p.gflops, 2)} (${fixed(p.medianMs, 2)} ms)`, 'size n (GFLOP/s, median ms)', software, t);
  const sentences = matmulCrossovers(points).map((c) => crossoverSentence(c, t, software[c.gpu] ?? null));
  return withStops(sentences.length ? `${body}\n\n${sentences.join('\n')}` : body, stops);
}

/** Examples/s (median step ms) per batch size and backend, then any stops (out of memory said as such). */
export function batchMarkdown(points: readonly BatchSweepPoint[], stops: readonly BackendStop[] = [], software: SoftwareMap = {}, t: Translator = ENGLISH): string {
  return withStops(pivot(points, (p) => p.batchSize, (p) => `${fixed(p.examplesPerSec)} (${fixed(p.medianStepMs)} ms)`, 'batch (examples/s, median step ms)', software, t), stops);
}
