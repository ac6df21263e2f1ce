import { describe, expect, it } from 'vitest';
import { carriedByLink, HISTORY_COALESCE_MS, SettingsStore } from './settingsStore';
import { FakeHost } from './testing/fakeHost';

describe('the settings store', () => {
  it('reads the hash it opens with, problems included, and writes nothing until something changes', () => {
    const host = new FakeHost('#v=2&w=cnn&model=tiny&seed=x');
    const store = new SettingsStore(host);
    expect(store.getSnapshot().settings.cnn).toMatchObject({ model: 'tiny', seed: '42' });
    expect(store.getSnapshot().linkErrors).toHaveLength(1);
    expect(host.writes).toEqual([]);
  });

  it('pushes one history entry per burst of edits', () => {
    const host = new FakeHost('');
    const store = new SettingsStore(host);
    const set = (key: string, value: string) => store.update((s) => ({ ...s, cnn: { ...s.cnn, [key]: value } }));
    set('batchSize', '1');
    host.time += HISTORY_COALESCE_MS / 2;
    set('batchSize', '12');
    host.time += HISTORY_COALESCE_MS * 2;
    set('seed', '3');
    expect(host.writes).toEqual([
      ['#v=4&w=cnn&batchSize=1', 'push'],
      ['#v=4&w=cnn&batchSize=12', 'replace'],
      ['#v=4&w=cnn&batchSize=12&seed=3', 'push'],
    ]);
  });

  it('follows back and forward without writing, and keeps a shared result in the hash until it is closed', () => {
    const host = new FakeHost('');
    const store = new SettingsStore(host);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().settings.view));
    host.navigate('#v=4&w=gan&steps=5&r=AAAA');
    expect(store.getSnapshot()).toMatchObject({ settings: { view: 'gan', gan: { steps: '5' } }, resultPayload: 'AAAA', linkErrors: [] });
    expect(host.writes).toEqual([]);
    store.update((s) => ({ ...s, gan: { ...s.gan, steps: '6' } }), 'replace');
    expect(host.hash).toBe('#v=4&w=gan&steps=6&r=AAAA');
    store.setResultPayload(null);
    expect(host.writes.at(-1)).toEqual(['#v=4&w=gan&steps=6', 'push']);
    expect(seen).toEqual(['gan', 'gan', 'gan']);
  });

  it('tells which form field the link set itself, for the form of the view it opened only', () => {
    const host = new FakeHost('#v=4&w=cnn&backend=webgl&model=tiny');
    const store = new SettingsStore(host);
    expect(carriedByLink(store.getSnapshot(), 'cnn', 'backend')).toBe(true);
    expect(carriedByLink(store.getSnapshot(), 'cnn', 'seed')).toBe(false);
    expect(carriedByLink(store.getSnapshot(), 'gan', 'backend')).toBe(false);
    host.navigate('#v=4&w=gan');
    expect(carriedByLink(store.getSnapshot(), 'cnn', 'backend')).toBe(false);
    expect(carriedByLink(store.getSnapshot(), 'gan', 'backend')).toBe(false);
  });
});
