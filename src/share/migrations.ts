/**
 * Versions of the shared settings format, and how an older link is brought up to date before it
 * is read. The same keys are used in the URL hash and in a shared result's `config`.
 *
 * v1 (first release; links carried `v=1` or no `v` at all):
 *   w, b (backend), model, dataset, batch (batch size), lr (learning rate), epochs,
 *   trainExamples, testExamples, seed; e.g. `#w=cnn&b=cpu&batch=128&lr=0.01`.
 * v2: every key is the schema table's own key (backend, batchSize, learningRate, …), plus the
 *   race settings (backends, warmupSteps, measuredSteps), `view` and the result `r`.
 */

export const SCHEMA_VERSION = 2;
/** Links without a version predate versioning. */
export const UNVERSIONED_LINK_VERSION = 1;

export type Entry<T> = readonly [key: string, value: T];

interface Migration {
  /** What changed, for a reader of this table. */
  description: string;
  apply<T>(entries: readonly Entry<T>[]): Entry<T>[];
}

function renameKeys(renames: Readonly<Record<string, string>>): Migration['apply'] {
  return (entries) => entries.map(([key, value]) => [Object.hasOwn(renames, key) ? renames[key] : key, value] as const);
}

/** MIGRATIONS[n] turns version n into version n + 1. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  1: {
    description: 'Short v1 keys become the schema keys: lr → learningRate, batch → batchSize, b → backend',
    apply: renameKeys({ lr: 'learningRate', batch: 'batchSize', b: 'backend' }),
  },
};

/** Brings entries from `fromVersion` to SCHEMA_VERSION; versions at or past the current one pass unchanged. */
export function migrateEntries<T>(entries: readonly Entry<T>[], fromVersion: number): Entry<T>[] {
  let current = [...entries];
  for (let v = Math.max(fromVersion, UNVERSIONED_LINK_VERSION); v < SCHEMA_VERSION; v++) current = MIGRATIONS[v].apply(current);
  return current;
}

export interface VersionReading {
  /** The version the link claims, or the one it is read as when the claim is unusable. */
  version: number;
  error: string | null;
}

/** Interprets an untrusted version value; `undefined` means the link carried none. */
export function readVersion(raw: unknown, what: string): VersionReading {
  if (raw === undefined) return { version: UNVERSIONED_LINK_VERSION, error: null };
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < UNVERSIONED_LINK_VERSION) {
    return { version: SCHEMA_VERSION, error: `${what} has an unreadable version; it was read as version ${SCHEMA_VERSION}` };
  }
  if (n > SCHEMA_VERSION) {
    return {
      version: n,
      error: `${what} comes from a newer version of the app (format ${n}, this page reads ${SCHEMA_VERSION}); some parts may not be read`,
    };
  }
  return { version: n, error: null };
}
