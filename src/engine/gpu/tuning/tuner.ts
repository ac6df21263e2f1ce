/**
 * Picks a kernel for each product of a plan on the adapter it meets. The first time on an adapter it
 * times the candidates that fit each product (the largest products first, each given its share of a
 * bounded budget; a candidate that fails to compile drops out with a note) and keeps the fastest; the
 * choice is remembered per adapter, so the next run compiles at once. Where the adapter is too slow to
 * time every candidate of the largest product within the budget (a software GPU, which runs a large
 * product in a tenth of a second or more), it keeps the form measured best on such adapters and says
 * so. Speed choices never read the adapter's name.
 */
import { msg, type Message } from '../../../i18n/message';
import type { CandidateTime, ProductTuning, TuningReport, TuningSource } from '../../protocol/tuning';
import { GEMM_CANDIDATES, gemmCandidate } from '../kernels/gemm/candidates';
import { K_OF, type GemmSpec } from '../kernels/gemm/spec';
import { deviceFacts, type DeviceFacts, type GemmCandidate } from '../kernels/gemm/types';
import type { GemmChoice } from '../parts';
import { KernelCompiler, type Dispatch } from '../program';
import { productSignature } from './signature';
import type { TuningStore } from './store';
import { KernelTimer } from './timer';

/** About what tuning may cost the first time on a GPU, in milliseconds (compiles included). */
export const TUNING_BUDGET_MS = 2000;
/**
 * The form measured best on software adapters: SwiftShader, classic CNN, its products take 3.7 s in Node at batch
 * 256 (8x4 tiles 4.5 s, the engine's first kernels about 4x as long) and as long as 8x4 tiles at batch 64; in
 * Chromium its step is 0.20-0.27x of the first kernels' (docs/performance.md). It compiles a second longer than
 * 8x4 tiles, once a run.
 */
export const SLOW_ADAPTER_CANDIDATE = 'direct-16x4-8x4';
/** Runs a timing takes at the least (a first one and a measured one, then more where it is short). */
const PROBE_RUNS = 3;
/**
 * Below this rate on its largest product an adapter is a processor's (SwiftShader runs 2-5 GFLOP/s here), and
 * compiling candidates alone would spend the budget (Dawn's zero-filled workgroup memory costs SwiftShader a
 * second a tiled kernel); every GPU runs even a small product well above it.
 */
const MIN_TUNING_GFLOPS = 10;

export interface TuningOptions {
  store: TuningStore;
  adapter: string;
  budgetMs?: number;
  /** Time the candidates whatever the adapter's speed, and keep the choice out of the store (a bench's measurement). */
  timeAnyway?: boolean;
  /** Products done of all, as the tuning goes. */
  onProgress?(done: number, total: number): void;
  candidates?: readonly GemmCandidate[];
}

function flopsOf(spec: GemmSpec): number {
  return 2 * spec.M * spec.N * K_OF(spec);
}

/** The first candidate of the table that fits, preferring `preferred`. */
function firstFitting(spec: GemmSpec, facts: DeviceFacts, candidates: readonly GemmCandidate[], preferred?: string): GemmCandidate {
  const wanted = preferred ? candidates.find((c) => c.id === preferred) : undefined;
  if (wanted && !wanted.unfit(spec, facts)) return wanted;
  const fit = candidates.find((c) => c.family !== 'legacy' && !c.unfit(spec, facts)) ?? candidates.find((c) => !c.unfit(spec, facts));
  if (!fit) throw new Error(`${spec.label}: no product kernel fits this adapter.`);
  return fit;
}

/** The candidate timed fastest most often so far: the untimed products' guess once the budget is spent. */
function mostChosen(entries: readonly (ProductTuning | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const e of entries) if (e && e.tried.length) counts.set(e.choice, (counts.get(e.choice) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A choice from a table of candidate ids by signature, each checked to fit (a stale or foreign id falls back). */
function choiceFrom(byProduct: Map<string, string>, facts: DeviceFacts, candidates: readonly GemmCandidate[], fallback?: string): GemmChoice {
  return (spec) => firstFitting(spec, facts, candidates, byProduct.get(productSignature(spec)) ?? fallback);
}

/** The WGSL compile error of a kernel, or null: a candidate an adapter refuses drops out of tuning. */
async function compiled(device: GPUDevice, compiler: KernelCompiler, build: ReturnType<GemmCandidate['build']>, scratch: GPUBuffer | null): Promise<Dispatch[] | string> {
  device.pushErrorScope('internal');
  device.pushErrorScope('validation');
  let dispatches: Dispatch[] | null = null;
  let thrown: string | null = null;
  try {
    dispatches = compiler.compileAll(build.kernels(scratch));
  } catch (err) {
    thrown = err instanceof Error ? err.message : String(err);
  }
  const validation = await device.popErrorScope();
  const internal = await device.popErrorScope();
  const error = validation ?? internal;
  if (error) return error.message.split('\n')[0];
  return thrown ?? (dispatches as Dispatch[]);
}

/** Picks the product kernels of a plan: the tuner, or one form forced (forced.ts). */
export interface ProductChooser {
  choose(products: readonly GemmSpec[]): Promise<{ choice: GemmChoice; report: TuningReport }>;
}

export class ProductTuner implements ProductChooser {
  private readonly facts: DeviceFacts;
  private readonly candidates: readonly GemmCandidate[];
  private scratch: { buffer: GPUBuffer; floats: number } | null = null;
  /** Every compiler the tuning made, for its count of pipelines. */
  private readonly compilers: KernelCompiler[] = [];

  constructor(
    private readonly device: GPUDevice,
    private readonly options: TuningOptions,
  ) {
    this.facts = deviceFacts(device);
    this.candidates = options.candidates ?? GEMM_CANDIDATES;
  }

  /** A kernel for each product, and how it was chosen. */
  async choose(products: readonly GemmSpec[]): Promise<{ choice: GemmChoice; report: TuningReport }> {
    const start = performance.now();
    const { store, adapter } = this.options;
    const timeAnyway = this.options.timeAnyway === true;
    const known = timeAnyway ? null : await store.get(adapter);
    const signatures = products.map((p) => productSignature(p));
    const report = (source: TuningSource, entries: ProductTuning[], probeMs: number | null, onGpuClock = false): TuningReport => ({
      source,
      ms: performance.now() - start,
      probeMs,
      onGpuClock,
      pipelines: this.compilers.reduce((sum, c) => sum + c.pipelinesCompiled, 0),
      products: entries,
    });
    const untimed = (choice: GemmChoice) => products.map((p) => ({ label: p.label, flops: flopsOf(p), tried: [], choice: choice(p).id }));
    if (known?.slow) {
      const choice = choiceFrom(new Map(), this.facts, this.candidates, SLOW_ADAPTER_CANDIDATE);
      return { choice, report: report('slowAdapter', untimed(choice), null) };
    }
    if (known && signatures.every((s) => known.choices[s] && gemmCandidate(known.choices[s]))) {
      const choice = choiceFrom(new Map(Object.entries(known.choices)), this.facts, this.candidates);
      return { choice, report: report('remembered', untimed(choice), null) };
    }
    const timer = new KernelTimer(this.device);
    this.options.onProgress?.(0, products.length);
    try {
      const budget = this.options.budgetMs ?? TUNING_BUDGET_MS;
      const order = products.map((p, i) => ({ p, i, flops: flopsOf(p) })).sort((a, b) => b.flops - a.flops);
      // The largest product in the slow-adapter form: how fast this adapter runs, from work it must do anyway.
      const probe = await this.probe(order[0].p, timer);
      const fitting = this.candidates.filter((c) => !c.unfit(order[0].p, this.facts)).length;
      const gflops = probe ? order[0].flops / (probe.runMs * 1e6) : 0;
      if (!probe || (!timeAnyway && (probe.runMs * PROBE_RUNS * fitting > budget || gflops < MIN_TUNING_GFLOPS))) {
        await store.put({ id: adapter, choices: {}, slow: true, at: Date.now() });
        const choice = choiceFrom(new Map(), this.facts, this.candidates, SLOW_ADAPTER_CANDIDATE);
        return { choice, report: report('slowAdapter', untimed(choice), probe?.runMs ?? null, timer.onGpuClock) };
      }
      const chosen = new Map<string, string>(Object.entries(known?.choices ?? {}));
      const entries: ProductTuning[] = new Array(products.length);
      const totalFlops = order.reduce((sum, o) => sum + o.flops, 0) || 1;
      let flopsDone = 0;
      for (const [done, { p, i, flops }] of order.entries()) {
        flopsDone += flops;
        const signature = signatures[i];
        const earlier = entries.find((e, j) => e && signatures[j] === signature);
        if (earlier) entries[i] = { ...earlier, label: p.label };
        else if (performance.now() - start > budget) entries[i] = { label: p.label, flops, tried: [], choice: firstFitting(p, this.facts, this.candidates, mostChosen(entries)).id };
        else entries[i] = await this.tuneOne(p, timer, start + (budget * flopsDone) / totalFlops);
        chosen.set(signature, entries[i].choice);
        this.options.onProgress?.(done + 1, products.length);
      }
      if (!timeAnyway) await store.put({ id: adapter, choices: Object.fromEntries(chosen), slow: false, at: Date.now() });
      return { choice: choiceFrom(chosen, this.facts, this.candidates), report: report('timed', entries, probe.runMs, timer.onGpuClock) };
    } finally {
      timer.destroy();
      this.scratch?.buffer.destroy();
      this.scratch = null;
    }
  }

  /** One run of a product in the slow-adapter form, compiled first; null if it would not compile. */
  private async probe(spec: GemmSpec, timer: KernelTimer): Promise<{ runMs: number } | null> {
    const build = firstFitting(spec, this.facts, this.candidates, SLOW_ADAPTER_CANDIDATE).build(spec);
    const dispatches = await compiled(this.device, this.compiler(), build, this.scratchFor(build.scratchFloats));
    if (typeof dispatches === 'string') return null;
    return { runMs: await timer.timeOnce(dispatches) };
  }

  /** Times candidates of one product in table order until its deadline; the first that fits always runs. */
  private async tuneOne(spec: GemmSpec, timer: KernelTimer, deadline: number): Promise<ProductTuning> {
    const tried: CandidateTime[] = [];
    const compiler = this.compiler();
    for (const candidate of this.candidates) {
      const unfit = candidate.unfit(spec, this.facts);
      if (unfit) continue;
      if (tried.some((t) => t.ms !== null) && performance.now() > deadline) {
        tried.push({ id: candidate.id, ms: null, note: 'not timed: the tuning time was spent' });
        continue;
      }
      const build = candidate.build(spec);
      const dispatches = await compiled(this.device, compiler, build, this.scratchFor(build.scratchFloats));
      if (typeof dispatches === 'string') tried.push({ id: candidate.id, ms: null, note: `did not compile: ${dispatches}` });
      else tried.push({ id: candidate.id, ms: await timer.time(dispatches) });
    }
    const timed = tried.filter((t): t is CandidateTime & { ms: number } => t.ms !== null);
    if (timed.length === 0) throw new Error(`${spec.label}: no product kernel compiled on this adapter (${tried.map((t) => `${t.id}: ${t.note}`).join('; ')}).`);
    const best = timed.reduce((a, b) => (b.ms < a.ms ? b : a));
    return { label: spec.label, flops: flopsOf(spec), tried, choice: best.id };
  }

  private compiler(): KernelCompiler {
    const compiler = new KernelCompiler(this.device);
    this.compilers.push(compiler);
    return compiler;
  }

  /** A scratch buffer for a candidate's partial sums, grown as needed and freed when tuning ends. */
  private scratchFor(floats: number): GPUBuffer | null {
    if (floats === 0) return null;
    if (!this.scratch || this.scratch.floats < floats) {
      this.scratch?.buffer.destroy();
      this.scratch = { buffer: this.device.createBuffer({ label: 'tuning partial sums', size: floats * 4, usage: 0x0080 /* STORAGE */ }), floats };
    }
    return this.scratch.buffer;
  }
}

/** What the run says of its engine's kernels: tuned now, remembered, or the slow-adapter form. */
export function tuningMessage(report: TuningReport): Message {
  const products = report.products.length;
  switch (report.source) {
    case 'timed':
      return msg('engine.gpu.tuning.timed', { products, seconds: (report.ms / 1000).toFixed(1) });
    case 'remembered':
      return msg('engine.gpu.tuning.remembered', { products });
    case 'slowAdapter':
      return msg('engine.gpu.tuning.slow', { candidate: SLOW_ADAPTER_CANDIDATE });
    case 'forced':
      return msg('engine.gpu.tuning.forced', { candidate: report.products[0]?.choice ?? '' });
    default:
      return report.source satisfies never;
  }
}
