/**
 * Versions of the shared settings format, and how an older link is brought up to date before it
 * is read. The same keys are used in the URL hash and in a shared result's `config`.
 *
 * v1 (first release; links carried `v=1` or no `v` at all):
 *   w, b (backend), model, dataset, batch (batch size), lr (learning rate), epochs,
 *   trainExamples, testExamples, seed; e.g. `#w=cnn&b=cpu&batch=128&lr=0.01`.
 * v2: every key is the schema table's own key (backend, batchSize, learningRate, …), plus the
 *   race settings (backends, warmupSteps, measuredSteps), `view` and the result `r`.
 * v3: one settings table per view (src/config/views.ts); the lab's race defaults became those of
 *   the lab itself (2 warm-up + 10 measured steps, every backend); the lab's own keys joined.
 * v4: the Train view's defaults became the quick first run (tiny CNN, 30,000 examples, 1 epoch,
 *   batch 32, 2,000 test examples) instead of the seed run; `lang` joined the page's settings.
 *   Later in v4 a shared result's GPU rows gained `softwareGpu` (ran on a software GPU, i.e. the
 *   CPU). It adds a field and changes no meaning, so no new version: a row without it, from an
 *   older result, is judged from that result's own device report (src/share/softwareGpu.ts).
 *   Later still, the app's own WebGPU engine (src/config/lanes.ts): a WebGPU row it trained carries
 *   `engine: 'app'`, its curves are `metric (webgpu app engine)`, a race records `webgpuEngines` and a
 *   run's configuration `gpuEngine`. Each is absent from an older result, where it means what that
 *   result ran: TensorFlow.js's kernels (no engine on a row, `(webgpu)` curves, and a race or a
 *   configuration without them read as 'tfjs' by src/share/resultParts.ts), so no new version either.
 *   A settings link without them takes their defaults (the app's engine): it carries no figure.
 */
import { msg, type Message } from '../i18n/message';

export const SCHEMA_VERSION = 4;
/** Links without a version predate versioning. */
export const UNVERSIONED_LINK_VERSION = 1;

export type Entry<T> = readonly [key: string, value: T];

interface Migration {
  /** What changed, for a reader of this table. */
  description: string;
  /** Keys renamed, in links and in shared results' configurations alike. */
  renames: Readonly<Record<string, string>>;
  /** Values a link of the older version left out because they were its defaults, written out (links only). */
  impliedInLink?(entries: readonly Entry<string>[]): Entry<string>[];
  /** The same for a shared result's configuration, whose writer kept every key but whose hand-made or older copies may not. */
  impliedInResult?<T>(entries: readonly Entry<T | string>[]): Entry<T | string>[];
}

function renameKeys<T>(entries: readonly Entry<T>[], renames: Readonly<Record<string, string>>): Entry<T>[] {
  return entries.map(([key, value]) => [Object.hasOwn(renames, key) ? renames[key] : key, value] as const);
}

/** v2 lab links omitted race settings equal to the v2 defaults, which are not v3's. */
const V2_LAB_DEFAULTS: readonly Entry<string>[] = [
  ['backends', 'cpu,webgl,webgpu'],
  ['warmupSteps', '3'],
  ['measuredSteps', '20'],
];

/** v3 Train-view links omitted CNN settings equal to the v3 defaults (the seed run), which are not v4's. */
const V3_CNN_DEFAULTS: readonly Entry<string>[] = [
  ['model', 'classic'],
  ['batchSize', '64'],
  ['epochs', '5'],
  ['trainExamples', '60000'],
  ['testExamples', '10000'],
];

/** Writes out an older version's defaults that a link left out, for the view they belong to. */
function withImpliedDefaults<T>(entries: readonly Entry<T>[], isTheirView: boolean, defaults: readonly Entry<string>[]): Entry<T | string>[] {
  const present = new Set(entries.map(([key]) => key));
  return isTheirView ? [...entries, ...defaults.filter(([key]) => !present.has(key))] : [...entries];
}

/** MIGRATIONS[n] turns version n into version n + 1. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  1: {
    description: 'Short v1 keys become the schema keys: lr → learningRate, batch → batchSize, b → backend',
    renames: { lr: 'learningRate', batch: 'batchSize', b: 'backend' },
  },
  2: {
    description: 'The race defaults moved from 3 + 20 steps on cpu, webgl, webgpu to the lab’s 2 + 10 on every backend; a v2 lab link gets its old defaults written out',
    renames: {},
    impliedInLink: (entries) => withImpliedDefaults(entries, entries.some(([key, value]) => key === 'view' && value === 'lab'), V2_LAB_DEFAULTS),
  },
  3: {
    description: 'The Train view’s defaults moved from the seed run (classic CNN, 60,000 × 5 epochs, batch 64, 10,000 tested) to the quick first run; a v3 Train link gets its old defaults written out',
    renames: {},
    impliedInLink: (entries) => {
      const view = entries.find(([key]) => key === 'view')?.[1];
      const workload = entries.find(([key]) => key === 'w')?.[1];
      // A lesson link (`lesson=`, `ld=`) sets its own settings step by step: nothing is implied for it.
      const isLesson = entries.some(([key]) => key === 'lesson' || key === 'ld');
      const isTrain = view === 'train' || (view === undefined && workload === 'cnn');
      return withImpliedDefaults(entries, isTrain && !isLesson, V3_CNN_DEFAULTS);
    },
    impliedInResult: (entries) => withImpliedDefaults(entries, entries.some(([key, value]) => key === 'workload' && value === 'cnn'), V3_CNN_DEFAULTS),
  },
};

function versionsFrom(fromVersion: number): number[] {
  const out: number[] = [];
  for (let v = Math.max(fromVersion, UNVERSIONED_LINK_VERSION); v < SCHEMA_VERSION; v++) out.push(v);
  return out;
}

/** Brings a shared result's configuration entries from `fromVersion` to SCHEMA_VERSION: renames, and defaults it took for granted. */
export function migrateEntries<T>(entries: readonly Entry<T>[], fromVersion: number): Entry<T | string>[] {
  return versionsFrom(fromVersion).reduce<Entry<T | string>[]>((current, v) => {
    const renamed = renameKeys(current, MIGRATIONS[v].renames);
    return MIGRATIONS[v].impliedInResult?.(renamed) ?? renamed;
  }, [...entries]);
}

/** Brings a link's entries from `fromVersion` to SCHEMA_VERSION: renames, and the defaults the old version implied. */
export function migrateLinkEntries(entries: readonly Entry<string>[], fromVersion: number): Entry<string>[] {
  return versionsFrom(fromVersion).reduce((current, v) => {
    const renamed = renameKeys(current, MIGRATIONS[v].renames);
    return MIGRATIONS[v].impliedInLink?.(renamed) ?? renamed;
  }, [...entries]);
}

export interface VersionReading {
  /** The version the link claims, or the one it is read as when the claim is unusable. */
  version: number;
  error: Message | null;
}

/** Interprets an untrusted version value; `undefined` means the link carried none. */
export function readVersion(raw: unknown, what: Message): VersionReading {
  if (raw === undefined) return { version: UNVERSIONED_LINK_VERSION, error: null };
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < UNVERSIONED_LINK_VERSION) {
    return { version: SCHEMA_VERSION, error: msg('check.version.unreadable', { what, version: SCHEMA_VERSION }) };
  }
  if (n > SCHEMA_VERSION) return { version: n, error: msg('check.version.newer', { what, version: n, supported: SCHEMA_VERSION }) };
  return { version: n, error: null };
}
