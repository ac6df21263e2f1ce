import { describe, expect, it } from 'vitest';
import { LESSONS } from '../config/lessons';
import { lessonDocument } from './lessonDoc';
import { encodeLessonPayload } from './lessonLink';
import { LessonSession } from './lessonSession';
import { SettingsStore } from './settingsStore';
import { FakeHost } from './testing/fakeHost';
import { english } from '../i18n/testing/english';

function open(hash: string) {
  const host = new FakeHost(hash);
  const settings = new SettingsStore(host);
  const lessons = new LessonSession(settings);
  lessons.start();
  return { host, settings, lessons };
}

/** Resolves once the session has left 'reading'. */
async function settled(lessons: LessonSession): Promise<void> {
  for (let i = 0; i < 100 && lessons.getSnapshot().status === 'reading'; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('the lesson on screen', () => {
  it('opens a shipped lesson from its short link at its first step, with the step’s view and settings', () => {
    const { host, settings, lessons } = open('#lesson=matmul-race');
    expect(lessons.getSnapshot()).toMatchObject({ status: 'ready', step: 1, errors: [], source: { kind: 'shipped', id: 'matmul-race' } });
    expect(settings.getSnapshot().settings.view).toBe('lab');
    expect(host.hash).toBe('#v=4&view=lab&lesson=matmul-race');
    expect(lessons.panelsFor('lab')).toEqual(new Set(['device']));
    expect(lessons.panelsFor('train')).toBeNull();
  });

  it('opens the step a link names, under the settings the link carries', () => {
    const { settings, lessons } = open('#v=4&view=lab&matmulTo=512&lesson=matmul-race&step=2');
    expect(lessons.getSnapshot().step).toBe(2);
    expect(settings.getSnapshot().settings.lab).toMatchObject({ matmulFrom: '32', matmulTo: '512', matmulTimedRuns: '3' });
  });

  it('steps forward and back, one history entry per step, and follows the browser’s back button', () => {
    const { host, settings, lessons } = open('#lesson=train-cnn');
    lessons.next();
    lessons.next();
    lessons.next();
    expect(lessons.getSnapshot().step).toBe(4);
    expect(settings.getSnapshot().settings.view).toBe('inspect');
    lessons.next();
    expect(lessons.getSnapshot().step).toBe(4);
    expect(host.writes.filter(([, mode]) => mode === 'push')).toHaveLength(3);
    lessons.previous();
    expect(settings.getSnapshot().settings.view).toBe('train');
    host.navigate(host.writes[1][0]);
    expect(lessons.getSnapshot().step).toBe(2);
    expect(lessons.panelsFor('train')).toEqual(new Set(['stats', 'chart-loss', 'chart-accuracy']));
  });

  it('shows the last step of a link that names one past the end, saying so', () => {
    const { lessons } = open('#lesson=gan-digits&step=9');
    expect(lessons.getSnapshot()).toMatchObject({ step: 3 });
    expect(english(lessons.getSnapshot().errors)).toEqual(['This lesson has 3 steps; showing step 3']);
  });

  it('opens a lesson written here from its ld link, and closes it', async () => {
    const lesson = { ...LESSONS['softmax-temperature'], title: 'My temperature lesson' };
    const payload = await encodeLessonPayload(lesson);
    const { host, settings, lessons } = open(`#v=4&w=cnn&ld=${payload}`);
    expect(lessons.getSnapshot().status).toBe('reading');
    await settled(lessons);
    expect(lessons.getSnapshot()).toMatchObject({ status: 'ready', step: 1, errors: [], lesson: { title: 'My temperature lesson', steps: lessonDocument(lesson).steps } });
    expect(settings.getSnapshot().settings.cnn).toMatchObject({ model: 'tiny', trainExamples: '4000' });
    lessons.next();
    expect(settings.getSnapshot().settings).toMatchObject({ view: 'inspect', inspect: { temperature: '1' } });
    expect(host.hash).toContain(`&ld=${payload}`);
    lessons.close();
    expect(lessons.getSnapshot().status).toBe('none');
    expect(host.hash).not.toContain('ld=');
    expect(lessons.panelsFor('inspect')).toBeNull();
  });

  it('drops a damaged lesson from the link and says why', async () => {
    const { host, lessons } = open('#v=4&w=cnn&ld=AAAA');
    await settled(lessons);
    expect(lessons.getSnapshot()).toMatchObject({ status: 'none', lesson: null });
    expect(english(lessons.getSnapshot().errors)).toEqual(['The lesson is damaged: its compressed data is truncated or corrupt']);
    expect(host.hash).toBe('#v=4&w=cnn');
  });

  it('opens a shipped lesson from the menu, and a written one, each at step 1', async () => {
    const { settings, lessons } = open('');
    lessons.open('gan-digits');
    expect(settings.getSnapshot().settings).toMatchObject({ view: 'gan', gan: { steps: '3000' } });
    await lessons.openDocument(LESSONS['memory-batch']);
    await settled(lessons);
    expect(lessons.getSnapshot()).toMatchObject({ status: 'ready', step: 1, source: { kind: 'link' } });
    expect(settings.getSnapshot().settings).toMatchObject({ view: 'lab', page: { lesson: 'none' } });
  });
});
