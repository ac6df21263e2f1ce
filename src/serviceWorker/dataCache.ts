import { DATA_CACHE_PREFIX, DATA_FOLDER } from '../config/hosting';

export interface ManifestEntry {
  url: string;
  revision: string | null;
}

/**
 * The data sets' cache name for this build: its prefix and a fingerprint of the data manifests the build
 * precaches (each names its files' sizes and source package). A build whose data changed gets a new cache,
 * so a cached file is never served under a changed name; one whose data did not keeps the visitor's cache.
 */
export function dataCacheName(entries: readonly (ManifestEntry | string)[]): string {
  const revisions = entries
    .flatMap((entry) => (typeof entry === 'string' ? [] : [entry]))
    .filter((entry) => entry.url.startsWith(DATA_FOLDER))
    .map((entry) => `${entry.url}@${entry.revision ?? ''}`)
    .sort();
  return `${DATA_CACHE_PREFIX}${fnv1a(revisions.join('\n'))}`;
}

/** 32-bit FNV-1a as 8 hex digits: a name, not a security check. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Whether a cache is a data cache of another build (deleted once this build's worker takes over). */
export function isStaleDataCache(name: string, current: string): boolean {
  return name.startsWith(DATA_CACHE_PREFIX) && name !== current;
}
