import { describe, expect, it } from 'vitest';
import { LESSONS } from '../config/lessons';
import { applyLessonStep, captureStep, clampStep, visiblePanels } from './lessonState';
import { defaultPageSettings, pageFields } from './pageSettings';

const lesson = LESSONS['memory-batch'];

describe('a lesson step on the page', () => {
  it('opens its view with its settings over the defaults, and notes the step', () => {
    const start = { ...defaultPageSettings(), cnn: { ...defaultPageSettings().cnn, seed: '9', batchSize: '128' } };
    const page = applyLessonStep(start, lesson, 2);
    expect(page.view).toBe('train');
    // The step's settings on the form's defaults: the seed set earlier is back to its default.
    expect(page.cnn).toEqual({ ...defaultPageSettings().cnn, model: 'classic', batchSize: '512', epochs: '1', trainExamples: '10240', testExamples: '1000' });
    expect(pageFields(page).step).toBe(2);
    expect(page.lab).toEqual(start.lab);
  });

  it('yields to the settings a link carried itself, on the same view only', () => {
    const carried = { view: 'train' as const, values: { batchSize: '256', backend: 'cpu' } };
    expect(applyLessonStep(defaultPageSettings(), lesson, 2, carried).cnn).toMatchObject({ batchSize: '256', backend: 'cpu', model: 'classic' });
    expect(applyLessonStep(defaultPageSettings(), lesson, 1, carried).lab).toMatchObject({ model: 'tiny', batchTo: '512' });
  });

  it('keeps step numbers within the lesson', () => {
    expect(clampStep(lesson, 0)).toBe(1);
    expect(clampStep(lesson, 99)).toBe(lesson.steps.length);
    expect(pageFields(applyLessonStep(defaultPageSettings(), lesson, 99)).step).toBe(lesson.steps.length);
  });

  it('shows the panels a step names, or all of them when it names none', () => {
    expect(visiblePanels(lesson.steps[0])).toEqual(new Set(['settings', 'batch']));
    expect(visiblePanels({ ...lesson.steps[0], panels: [] })).toBeNull();
  });

  it('captures the open view and its changed settings as a new step', () => {
    const page = { ...defaultPageSettings(), view: 'lab' as const, lab: { ...defaultPageSettings().lab, model: 'tiny', matmulTo: '512' } };
    expect(captureStep(page, ['matmul'], 'Run it.')).toEqual({ view: 'lab', settings: { model: 'tiny', matmulTo: '512' }, panels: ['matmul'], text: 'Run it.' });
    expect(captureStep({ ...page, view: 'history' }, [], 'Look back.').settings).toEqual({});
  });
});
