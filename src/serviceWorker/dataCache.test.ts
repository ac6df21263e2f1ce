import { describe, expect, it } from 'vitest';
import { DATA_CACHE_PREFIX } from '../config/hosting';
import { dataCacheName, isStaleDataCache } from './dataCache';

const BUILD = [
  { url: 'index.html', revision: 'a1' },
  { url: 'assets/main-x.js', revision: null },
  { url: 'data/mnist/manifest.json', revision: 'm1' },
  { url: 'data/fashion-mnist/manifest.json', revision: 'f1' },
];

describe('dataCacheName', () => {
  it('depends on the data manifests only, in any order', () => {
    const name = dataCacheName(BUILD);
    expect(name.startsWith(DATA_CACHE_PREFIX)).toBe(true);
    expect(dataCacheName([...BUILD].reverse())).toBe(name);
    expect(dataCacheName([...BUILD.slice(0, 2).map((e) => ({ ...e, revision: 'new' })), ...BUILD.slice(2)])).toBe(name);
  });

  it('changes when a data set changes', () => {
    const changed = BUILD.map((e) => (e.url === 'data/mnist/manifest.json' ? { ...e, revision: 'm2' } : e));
    expect(dataCacheName(changed)).not.toBe(dataCacheName(BUILD));
  });

  it('tells another build’s data cache from this one’s and from other caches', () => {
    const current = dataCacheName(BUILD);
    expect(isStaleDataCache(`${DATA_CACHE_PREFIX}00000000`, current)).toBe(true);
    expect(isStaleDataCache(current, current)).toBe(false);
    expect(isStaleDataCache('workbox-precache-v2-https://example.org/', current)).toBe(false);
  });
});
