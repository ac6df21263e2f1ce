import { describe, expect, it } from 'vitest';
import { LESSONS, MAX_LESSON_STEPS, MAX_LESSON_TITLE_CHARS, MAX_STEP_TEXT_CHARS } from '../config/lessons';
import { deflate, toBase64Url } from './bytes';
import { decodeViewHash } from './hashState';
import { lessonDocument } from './lessonDoc';
import { decodeLessonPayload, encodeLessonPayload } from './lessonLink';
import { lessonStartHash } from './lessonState';
import { MAX_DECOMPRESSED_BYTES, MAX_LINK_CHARS } from './payloadCodec';
import { english, englishError } from '../i18n/testing/english';

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

async function payloadOf(text: string): Promise<string> {
  return toBase64Url(await deflate(new TextEncoder().encode(text)));
}

describe('lesson links', () => {
  it('round-trip every shipped lesson as a payload, bare or in a hash', async () => {
    for (const lesson of Object.values(LESSONS)) {
      const payload = await encodeLessonPayload(lesson);
      expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(payload.length).toBeLessThan(MAX_LINK_CHARS / 4);
      expect(await decodeLessonPayload(payload)).toEqual({ lesson: asJson(lesson), errors: [] });
      expect(await decodeLessonPayload(`#v=4&view=lab&ld=${payload}`)).toEqual({ lesson: asJson(lesson), errors: [] });
    }
  });

  it('opens at the first step: its view and settings in the readable part, the document in ld', async () => {
    const lesson = LESSONS['matmul-race'];
    const payload = await encodeLessonPayload(lesson);
    const hash = lessonStartHash(lesson, { payload }, true);
    expect(hash).toBe(`#v=4&view=lab&present=on&ld=${payload}`);
    expect(decodeViewHash(hash)).toMatchObject({ view: 'lab', errors: [], lessonPayload: payload, page: { present: 'on', lesson: 'none', step: 1 } });
    expect(lessonStartHash(LESSONS['memory-batch'], { id: 'memory-batch' }, false)).toBe('#v=4&view=lab&model=tiny&warmupSteps=1&measuredSteps=5&backends=cpu,webgl,webgpu&lesson=memory-batch');
  });

  it('refuses to write a lesson the reader would complain about', async () => {
    const refused = await encodeLessonPayload({ title: 'Bad', steps: [{ view: 'train', settings: { batchSize: '0' }, panels: [], text: 'x' }] }).catch((err: unknown) => err);
    expect(englishError(refused)).toBe("This lesson cannot be shared: step 1: Batch size must be between 1 and 4096 examples (got '0')");
  });

  it('fits the longest lesson the reader accepts, with texts that barely compress, in a link', async () => {
    let seed = 7;
    const letter = () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 26));
    const text = () => Array.from({ length: MAX_STEP_TEXT_CHARS }, (_, i) => (i % 6 === 5 ? ' ' : letter())).join('').trim();
    const longest = { title: 'T'.repeat(MAX_LESSON_TITLE_CHARS), steps: Array.from({ length: MAX_LESSON_STEPS }, () => ({ view: 'train' as const, settings: {}, panels: [], text: text() })) };
    const payload = await encodeLessonPayload(longest);
    expect(payload.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect(english((await decodeLessonPayload(payload)).errors)).toEqual([]);
  });

  it.each([
    ['no lesson', async () => '#v=4&w=cnn', ['This link carries no lesson']],
    ['not base64url', async () => '#ld=%%%', ["The lesson is damaged: it is not valid base64url text (starts '%%%')"]],
    ['truncated data', async () => `#ld=${(await encodeLessonPayload(LESSONS['train-cnn'])).slice(0, 40)}`, ['The lesson is damaged: its compressed data is truncated or corrupt']],
    ['not JSON', async () => `#ld=${await payloadOf('{"title": ')}`, ['The lesson is damaged: it is not valid JSON']],
    ['a decompression bomb', async () => `#ld=${await payloadOf(' '.repeat(2 * MAX_DECOMPRESSED_BYTES))}`, [`The lesson expands past ${MAX_DECOMPRESSED_BYTES / 1e6} MB and was not read`]],
    ['an oversized lesson', async () => `#ld=${'A'.repeat(MAX_LINK_CHARS + 1)}`, [`The lesson is too long (${MAX_LINK_CHARS + 1} characters; the limit is ${MAX_LINK_CHARS}) and was not read`]],
    ['a lesson with no steps', async () => `#ld=${await payloadOf(JSON.stringify({ title: 'T', steps: [] }))}`, ['The lesson has no step that could be read']],
  ])('says what is wrong with %s', async (_name, link, errors) => {
    const read = await decodeLessonPayload(await link());
    expect(read.lesson).toBeNull();
    expect(english(read.errors)).toEqual(errors);
  });

  it('reads a lesson whose step carries a refused setting, without that setting', async () => {
    const doc = asJson(lessonDocument(LESSONS['train-cnn'])) as { steps: { settings: Record<string, string> }[] };
    doc.steps[0].settings.epochs = '1000';
    const { lesson, errors } = await decodeLessonPayload(await payloadOf(JSON.stringify(doc)));
    expect(lesson?.steps[0].settings.epochs).toBeUndefined();
    expect(english(errors)).toEqual(["Step 1: Epochs must be between 1 and 100 (got '1000')"]);
  });
});
