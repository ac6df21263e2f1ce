import { describe, expect, it } from 'vitest';
import { Translator } from '../i18n/translator';
import { labJobAnnouncement, ordinal, queuedText, runAnnouncement } from './announcements';

describe('what the live regions say', () => {
  it('counts places in line in words a listener expects', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => ordinal(n))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
    expect(queuedText(null)).toBe('queued, next in line');
    expect(queuedText(1)).toBe('queued, next in line');
    expect(queuedText(2)).toBe('queued, 2nd in line');
  });

  it("says a training run's state changes, and nothing before a run", () => {
    expect(runAnnouncement('idle', 'idle', null)).toBe('');
    expect(runAnnouncement('queued', 'idle', 3)).toBe('Run queued, 3rd in line.');
    expect(runAnnouncement('active', 'loading', null)).toBe('Run starting: loading the data and the model.');
    expect(runAnnouncement('active', 'training', null)).toBe('Training.');
    expect(runAnnouncement('active', 'paused', null)).toBe('Training paused.');
    expect(runAnnouncement('ended', 'finished', null)).toBe('Run finished.');
    expect(runAnnouncement('ended', 'stopped', null)).toBe('Run stopped.');
    expect(runAnnouncement('ended', 'error', null)).toBe('Run failed.');
  });

  it("says a lab job's state changes under its name", () => {
    expect(labJobAnnouncement('Race', null, null)).toBe('');
    expect(labJobAnnouncement('Race', 'queued', 2)).toBe('Race queued, 2nd in line.');
    expect(labJobAnnouncement('Race', 'running', null)).toBe('Race running.');
    expect(labJobAnnouncement('Race', 'done', null)).toBe('Race done.');
    expect(labJobAnnouncement('Race', 'cancelled', null)).toBe('Race cancelled.');
    expect(labJobAnnouncement('Race', 'error', null)).toBe('Race failed.');
  });

  it('speaks Chinese with a Chinese translator', () => {
    const zh = new Translator('zh-CN');
    expect(ordinal(3, zh)).toBe('第 3');
    expect(queuedText(2, zh)).toBe('已排队，排在第 2 位');
    expect(runAnnouncement('queued', 'idle', 3, zh)).toBe('运行已排队，排在第 3 位。');
    expect(runAnnouncement('ended', 'finished', null, zh)).toBe('运行已完成。');
    expect(labJobAnnouncement('竞速', 'done', null, zh)).toBe('竞速已完成。');
  });
});
