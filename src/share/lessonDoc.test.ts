import { describe, expect, it } from 'vitest';
import { LESSON_IDS, LESSONS, MAX_LESSON_STEPS, MAX_STEP_TEXT_CHARS, type Lesson } from '../config/lessons';
import { isPanelOf } from '../config/panels';
import { readField } from '../config/schema';
import { formTable, VIEWS } from '../config/views';
import { lessonDocument, MAX_LESSON_JSON_DEPTH, validateLesson } from './lessonDoc';
import { SCHEMA_VERSION } from './migrations';
import { english } from '../i18n/testing/english';

/** The document as it would arrive from a link: plain JSON. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function docWith(patch: (doc: Record<string, unknown> & { steps: Record<string, unknown>[] }) => void): unknown {
  const doc = asJson(lessonDocument(LESSONS['matmul-race'])) as Record<string, unknown> & { steps: Record<string, unknown>[] };
  patch(doc);
  return doc;
}

describe('shipped lessons', () => {
  it('ship at least the four the classroom needs, and the temperature lesson', () => {
    expect(LESSON_IDS).toEqual(expect.arrayContaining(['matmul-race', 'train-cnn', 'memory-batch', 'gan-digits', 'softmax-temperature']));
  });

  it.each(LESSON_IDS)('%s reads back unchanged, with no complaint', (id) => {
    const lesson = LESSONS[id];
    expect(validateLesson(asJson(lessonDocument(lesson)))).toEqual({ lesson: asJson(lesson), errors: [] });
  });

  it.each(LESSON_IDS)('%s carries only settings its views accept and panels its views have', (id) => {
    const lesson: Lesson = LESSONS[id];
    expect(lesson.steps.length).toBeGreaterThan(1);
    expect(lesson.steps.length).toBeLessThanOrEqual(MAX_LESSON_STEPS);
    for (const step of lesson.steps) {
      const form = VIEWS[step.view].form;
      for (const [key, value] of Object.entries(step.settings)) {
        expect(form).not.toBeNull();
        expect(readField(formTable(form as NonNullable<typeof form>).fields[key], value).ok).toBe(true);
      }
      for (const panel of step.panels) expect(isPanelOf(step.view, panel)).toBe(true);
      expect(step.text.length).toBeLessThanOrEqual(MAX_STEP_TEXT_CHARS);
    }
  });
});

describe('a lesson from a link is read like a shared result', () => {
  it('reads each step’s settings through its view’s table: a refused value is left out with the table’s message', () => {
    const { lesson, errors } = validateLesson(docWith((d) => (d.steps[1].settings = { matmulTo: '5000', matmulTimedRuns: '2', batchSize: '0' })));
    expect(lesson?.steps[1].settings).toEqual({ matmulTimedRuns: '2' });
    expect(english(errors)).toEqual([
      "Step 2: Batch size must be between 1 and 4096 examples (got '0')",
      "Step 2: Matrix size to must be between 16 and 4096 n (got '5000')",
    ]);
  });

  it('leaves out the value a cross-field rule refuses (the one the form marks), so the step still runs', () => {
    const { lesson, errors } = validateLesson(docWith((d) => (d.steps[1].settings = { matmulFrom: '1024', matmulTo: '64', backends: 'cpu' })));
    expect(lesson?.steps[1].settings).toEqual({ matmulTo: '64', backends: 'cpu' });
    expect(english(errors)).toEqual(['Step 2: Matrix size from (1024) must not be above Matrix size to (64)']);
  });

  it('drops a lone end of a range that the defaults of the other end break', () => {
    const { lesson, errors } = validateLesson(docWith((d) => (d.steps[1].settings = { matmulTo: '16' })));
    expect(lesson?.steps[1].settings).toEqual({});
    expect(english(errors)).toEqual(['Step 2: Matrix size from (32) must not be above Matrix size to (16)']);
  });

  it('ignores unknown settings, unknown panels, unknown fields and forbidden keys, saying so', () => {
    const raw = docWith((d) => {
      d.steps[0].settings = JSON.parse('{"lr": "0.1", "__proto__": {"x": 1}}');
      d.steps[0].panels = ['device', 'nope', 'device'];
      d.steps[0].extra = 1;
      d.author = 'me';
    });
    const { lesson, errors } = validateLesson(raw);
    expect(lesson?.steps[0]).toMatchObject({ view: 'lab', settings: {}, panels: ['device'] });
    expect(english(errors)).toEqual([
      "Unknown field 'author' in the lesson ignored",
      "Unknown field 'extra' in step 1 ignored",
      "The settings of step 1 has a forbidden key '__proto__'; it was ignored",
      "Unknown setting 'lr' in step 1 ignored",
      "Benchmark lab has no panel 'nope'; it was ignored",
    ]);
  });

  it('drops a step that opens no view or says nothing, and keeps the rest', () => {
    const { lesson, errors } = validateLesson(docWith((d) => {
      d.steps[0].view = 'admin';
      d.steps[2].text = '';
    }));
    expect(lesson?.steps).toHaveLength(LESSONS['matmul-race'].steps.length - 2);
    expect(english(errors)).toEqual([
      "Step 1 was dropped: it opens no known view (got 'admin')",
      "The text of step 3 must be text (got '')",
      'Step 3 was dropped: it says nothing',
    ]);
  });

  it('keeps texts plain and within their limits', () => {
    const { lesson, errors } = validateLesson(docWith((d) => {
      d.title = 'Line\nbreak\u0000 <b>bold</b>';
      d.steps[0].text = 'x'.repeat(MAX_STEP_TEXT_CHARS + 10);
    }));
    expect(lesson?.title).toBe('Line break  <b>bold</b>');
    expect(lesson?.steps[0].text).toHaveLength(MAX_STEP_TEXT_CHARS);
    expect(english(errors)).toEqual([`The text of step 1 is longer than ${MAX_STEP_TEXT_CHARS} characters; it was cut`]);
  });

  it('reads at most the step limit', () => {
    const steps = Array.from({ length: MAX_LESSON_STEPS + 3 }, (_, i) => ({ view: 'train', text: `Step ${i}` }));
    const { lesson, errors } = validateLesson({ version: SCHEMA_VERSION, title: 'Long', steps });
    expect(lesson?.steps).toHaveLength(MAX_LESSON_STEPS);
    expect(english(errors)).toEqual([`The lesson has ${MAX_LESSON_STEPS + 3} steps; only the first ${MAX_LESSON_STEPS} were read`]);
  });

  it('renames old setting keys as an old shared result’s are', () => {
    const { lesson, errors } = validateLesson({ version: 1, title: 'Old', steps: [{ view: 'train', settings: { lr: '0.01', batch: '32' }, text: 'Go' }] });
    expect(english(errors)).toEqual([]);
    expect(lesson?.steps[0].settings).toEqual({ learningRate: '0.01', batchSize: '32' });
  });

  it.each([
    ['not an object', [], 'The lesson is not an object and was not read'],
    ['without steps', { title: 'T' }, 'The lesson has no list of steps and was not read'],
    ['with no readable step', { title: 'T', steps: [1, { view: 'train' }] }, 'The lesson has no step that could be read'],
    ['nested too deep', { title: 'T', steps: [{ view: 'train', text: 'x', settings: { a: [[[[1]]]] } }] }, `The lesson is nested more than ${MAX_LESSON_JSON_DEPTH} levels deep and was not read`],
    ['too large', { title: 'T', steps: Array.from({ length: 3000 }, () => 1) }, 'The lesson holds more than 2000 values and was not read'],
  ])('refuses a lesson %s', (_name, raw, message) => {
    const { lesson, errors } = validateLesson(raw);
    expect(lesson).toBeNull();
    expect(english(errors)).toContain(message);
  });
});
