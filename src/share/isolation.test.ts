import { describe, expect, it } from 'vitest';
import '../i18n/loadAllCatalogs';
import { Translator } from '../i18n/translator';
import { isIsolated, isolationNote, isolationPlan, type IsolationFacts, type IsolationState } from './isolation';

const HOSTED: IsolationFacts = { isolated: false, controlled: false, secureContext: true, serviceWorkers: true, build: true, reloadedOnce: false };

describe('isolationPlan', () => {
  it('opens an isolated page at once, saying who isolated it', () => {
    expect(isolationPlan({ ...HOSTED, isolated: true })).toEqual({ action: 'open', state: { kind: 'headers' } });
    expect(isolationPlan({ ...HOSTED, isolated: true, controlled: true, reloadedOnce: true })).toEqual({ action: 'open', state: { kind: 'serviceWorker' } });
  });

  it('installs the service worker on a first visit to a host without headers', () => {
    expect(isolationPlan(HOSTED)).toEqual({ action: 'install' });
    // A hard reload bypasses the worker: the page is not controlled, and one more reload fixes that.
    expect(isolationPlan({ ...HOSTED, controlled: false })).toEqual({ action: 'install' });
  });

  it('reloads once at most, then opens on one thread and says why', () => {
    expect(isolationPlan({ ...HOSTED, controlled: true, reloadedOnce: true })).toEqual({ action: 'open', state: { kind: 'notAfterReload' } });
  });

  it('opens on one thread where no service worker can help, with the reason', () => {
    expect(isolationPlan({ ...HOSTED, secureContext: false, serviceWorkers: false })).toEqual({ action: 'open', state: { kind: 'insecure' } });
    expect(isolationPlan({ ...HOSTED, serviceWorkers: false })).toEqual({ action: 'open', state: { kind: 'noServiceWorker' } });
    expect(isolationPlan({ ...HOSTED, build: false })).toEqual({ action: 'open', state: { kind: 'development' } });
  });
});

describe('isolationNote', () => {
  const states: IsolationState[] = [
    { kind: 'headers' },
    { kind: 'serviceWorker' },
    { kind: 'insecure' },
    { kind: 'noServiceWorker' },
    { kind: 'failed', detail: 'SecurityError: The operation is insecure.' },
    { kind: 'notAfterReload' },
    { kind: 'slow' },
    { kind: 'development' },
  ];

  it('says every state in both languages, with a fix wherever threads are lost', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const tr = new Translator(locale);
      for (const state of states) expect(tr.say(isolationNote(state)).length, `${locale} ${state.kind}`).toBeGreaterThan(10);
    }
    const en = new Translator('en');
    expect(en.say(isolationNote({ kind: 'noServiceWorker' }))).toMatch(/one thread.*private window/s);
    expect(en.say(isolationNote({ kind: 'insecure' }))).toContain('npm run room');
    expect(en.say(isolationNote({ kind: 'failed', detail: 'SecurityError: nope' }))).toContain('SecurityError: nope');
  });

  it('counts only the headers and the service worker as isolated', () => {
    expect(states.filter(isIsolated).map((s) => s.kind)).toEqual(['headers', 'serviceWorker']);
  });
});
