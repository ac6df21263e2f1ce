import type { LabJobState } from '../src/engine/protocol/labJobState';
import { isNotAvailable, type DeviceReport, type NotAvailable } from '../src/engine/protocol/deviceReport';
import type { BenchRow } from '../src/engine/protocol/training';
import { Translator } from '../src/i18n/translator';
import { crossoverSentence, matmulCrossovers } from '../src/share/crossover';
import { batchMarkdown, matmulMarkdown, raceMarkdown } from '../src/share/labMarkdown';
import { deviceSoftwareSentence, type SoftwareMap } from '../src/share/softwareGpu';
import { withSpeedUps } from '../src/share/speedUps';
import type { BackendAvailability } from '../src/config/backends';

/** The command line's tables and sentences are English (the worker's messages included). */
export const EN = new Translator('en');

const fmt = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

/** One Markdown table: each backend's app row, its bare-loop row, and the app/bare throughput ratio; a software GPU's rows marked. */
export function markdownTable(rows: BenchRow[], software: SoftwareMap = {}): string {
  const header = '| backend | loop | first step ms | median step ms | p90 step ms | examples/s | GFLOP/s | app / bare |';
  const rule = '|---|---|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map((r) => {
    const bare = rows.find((o) => o.backend === r.backend && o.loop === 'bare');
    const ratio = r.loop === 'app' && bare ? fmt(r.examplesPerSec / bare.examplesPerSec, 2) : '';
    const wasm = r.wasm ? `${r.backend} (${r.wasm.threads} thread${r.wasm.threads === 1 ? '' : 's'}${r.wasm.appKernels ? '' : ", TensorFlow.js's kernels"})` : r.backend;
    const backend = software[r.backend] ? EN.t('softwareGpu.named', { backend: r.backend }) : wasm;
    return `| ${backend} | ${r.loop} | ${fmt(r.firstStepMs, 0)} | ${fmt(r.medianStepMs)} | ${fmt(r.p90StepMs)} | ${fmt(r.examplesPerSec)} | ${fmt(r.gflops, 3)} | ${ratio} |`;
  });
  return [header, rule, ...lines].join('\n');
}

interface LabArgs {
  model: string;
  batch: string;
  warmup: string;
  steps: string;
}

const text = (value: string | number | boolean | NotAvailable): string => (isNotAvailable(value) ? 'not available' : String(value));

/** A lab job's stop reasons and error in English, for the JSON. */
const stopsInEnglish = (job: LabJobState) => job.stops.map((s) => ({ ...s, reason: EN.say(s.reason) }));

/** One line naming what ran the benchmark: GPU adapter, WebGL renderer, browser. */
export function deviceSummary(report: DeviceReport | null): string {
  if (!report) return 'Device: no report.';
  const gpu = report.webgpu.status === 'available' ? `${text(report.webgpu.vendor)} / ${text(report.webgpu.architecture)}` : 'not available';
  const gl = report.webgl.status === 'available' ? text(report.webgl.unmaskedRenderer) : 'not available';
  const browser = `${text(report.environment.browser.name)} ${text(report.environment.browser.majorVersion)} on ${text(report.environment.os.name)}`;
  const wasm = `WebAssembly threads ${text(report.tfjs.wasmThreads)} (cross-origin isolated: ${text(report.environment.crossOriginIsolated)})`;
  return `Device: WebGPU adapter ${gpu}; WebGL renderer ${gl}; ${browser}; ${wasm}; tfjs ${text(report.tfjs.versions['tfjs-core'] ?? 'n/a')}.`;
}

/** The sentence saying which GPU backends of the bench's browser run on the CPU (SwiftShader and the like); null where none does. */
export function softwareLine(backends: readonly BackendAvailability[] | null): string | null {
  return deviceSoftwareSentence(backends, EN);
}

/** The lab job's Markdown: a heading line saying what was measured, then its table (software GPUs marked). */
export function labTable(job: LabJobState, args: LabArgs, software: SoftwareMap = {}): string {
  const steps = `${args.warmup} warm-up + ${args.steps} measured steps, each ending with a read-back; throughput from the median step`;
  if (job.kind === 'race') return `Race: model ${args.model}, batch ${args.batch}, ${steps}.\n\n${raceMarkdown(job.raceRows, job.stops, software)}`;
  if (job.kind === 'matmulSweep') return `Matrix multiply n×n float32: median of timed runs after warm-up, each ending with a read-back of the product.\n\n${matmulMarkdown(job.matmulPoints, job.stops, EN, software)}`;
  return `Batch sweep: model ${args.model}, ${steps}.\n\n${batchMarkdown(job.batchPoints, job.stops, software)}`;
}

/** What --json writes for a lab job: rows (race) or points (sweeps), stops, and the device report. */
export function labJson(job: LabJobState, args: object, device: DeviceReport | null, software: SoftwareMap = {}): object {
  const common = { workload: job.kind, status: job.status, error: job.error && EN.say(job.error), args, device, softwareGpu: software, stops: stopsInEnglish(job) };
  if (job.kind === 'race') return { ...common, rows: withSpeedUps(job.raceRows) };
  if (job.kind === 'matmulSweep') return { ...common, points: job.matmulPoints, crossovers: matmulCrossovers(job.matmulPoints).map((c) => ({ ...c, sentence: crossoverSentence(c, EN) })) };
  return { ...common, points: job.batchPoints };
}
