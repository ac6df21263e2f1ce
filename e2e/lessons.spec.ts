import { LESSON_IDS, LESSONS, type LessonStep } from '../src/config/lessons';
import { PANELS } from '../src/config/panels';
import { formTable, VIEWS } from '../src/config/views';
import { expect, test as base } from './fixtures';
import { ClassroomPage } from './pages/classroomPage';

const test = base.extend<{ c: ClassroomPage }>({
  c: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await use(new ClassroomPage(page));
    if (errors.length) throw new Error(`Uncaught page errors: ${errors.join('; ')}`);
  },
});

/** Settings a view shows as one input each (backend pickers and backend lists are checkboxes and radios). */
function inputSettings(step: LessonStep): [string, string][] {
  const form = VIEWS[step.view].form;
  if (!form) return [];
  const fields = formTable(form).fields;
  return Object.entries(step.settings).filter(([key]) => key !== 'backend' && fields[key].kind !== 'list' && !(step.view === 'inspect' && key === 'temperature'));
}

async function expectStepOnScreen(c: ClassroomPage, title: string, step: LessonStep, index: number, count: number): Promise<void> {
  await c.expectStep(title, step, index, count);
  const shown = step.panels.length ? step.panels : Object.keys(PANELS[step.view]);
  for (const panel of Object.keys(PANELS[step.view])) {
    if (shown.includes(panel)) await expect(c.panel(step.view, panel).first(), `${step.view} panel ${panel} shows`).toBeVisible();
    else await expect(c.panel(step.view, panel).first(), `${step.view} panel ${panel} is hidden`).toBeHidden();
  }
  for (const [key, value] of inputSettings(step)) await expect(c.field(step.view, key).first(), `${key} is set by the step`).toHaveValue(value);
  if (step.view === 'inspect' && step.settings.temperature) await expect(c.byId('temperature-value')).toHaveText(step.settings.temperature);
}

test.describe('lesson links', () => {
  test.beforeEach(({ backend }) => {
    test.skip(backend !== 'cpu', 'lessons open and step the same on every backend; nothing here trains');
  });

  for (const id of LESSON_IDS) {
    test(`${id}: opens by its link and steps through, forward and back, then leaves`, async ({ c, page }) => {
      const lesson = LESSONS[id];
      await c.openLink(`#lesson=${id}`);
      for (const [i, step] of lesson.steps.entries()) {
        if (i > 0) await c.button('next').click();
        await expectStepOnScreen(c, lesson.title, step, i, lesson.steps.length);
        await expect(page).toHaveURL(new RegExp(`lesson=${id}${i > 0 ? `&step=${i + 1}` : ''}`));
      }
      await expect(c.button('next')).toBeDisabled();
      await c.button('prev').click();
      await expectStepOnScreen(c, lesson.title, lesson.steps.at(-2) as LessonStep, lesson.steps.length - 2, lesson.steps.length);
      // The browser's back button goes back a step too.
      await page.goBack();
      await expect(c.byId('lesson-step')).toHaveText(new RegExp(`^Step ${lesson.steps.length} of`));
      await c.button('close').click();
      await expect(c.byId('lesson-bar')).toHaveCount(0);
      const last = lesson.steps.at(-1) as LessonStep;
      for (const panel of Object.keys(PANELS[last.view])) if (!panel.startsWith('chart-') && panel !== 'share') await expect(c.panel(last.view, panel).first()).toBeVisible();
      await expect(page).not.toHaveURL(/lesson=/);
    });
  }

  test('the Lessons menu opens a lesson at its first step, and a link to a later step opens that step', async ({ c, page }) => {
    await page.goto('/');
    await c.byId('btn-lessons').click();
    await c.byId('lesson-link-memory-batch').click();
    const lesson = LESSONS['memory-batch'];
    await expectStepOnScreen(c, lesson.title, lesson.steps[0], 0, lesson.steps.length);
    await c.openLink('#lesson=memory-batch&step=3');
    await expectStepOnScreen(c, lesson.title, lesson.steps[2], 2, lesson.steps.length);
  });

  test('a teacher writes a lesson in the app, copies its link, and the link opens it elsewhere', async ({ c, page, context }) => {
    await page.goto('/');
    await c.byId('btn-lessons').click();
    await c.byId('btn-write-lesson').click();
    const editor = c.byId('lesson-editor');
    await editor.getByTestId('editor-title').fill('Sizes that matter');
    await page.getByTestId('tab-lab').click();
    await c.field('lab', 'matmulTo').first().selectOption('512');
    await editor.getByTestId('editor-panel-matmul').check();
    await editor.getByTestId('editor-text').fill('Run the sweep up to 512 and find the crossover.');
    await editor.getByTestId('btn-editor-add').click();
    await page.getByTestId('tab-train').click();
    await c.field('train', 'model').selectOption('tiny');
    await editor.getByTestId('editor-panel-setup').check();
    await editor.getByTestId('editor-panel-chart-loss').check();
    await editor.getByTestId('editor-text').fill('Now train the tiny CNN <b>and watch</b> the loss.');
    await editor.getByTestId('btn-editor-add').click();
    await expect(editor.getByTestId('editor-steps').locator('li')).toHaveCount(2);
    await editor.getByTestId('btn-editor-link').click();
    const link = await editor.getByTestId('editor-link').inputValue();
    expect(link).toMatch(/#v=4&view=lab&matmulTo=512&ld=[A-Za-z0-9_-]+$/);

    const student = await context.newPage();
    const s = new ClassroomPage(student);
    await student.goto(link);
    await expect(s.byId('lesson-title')).toHaveText('Sizes that matter');
    await expect(s.byId('lesson-step')).toHaveText(/^Step 1 of 2 · Benchmark lab$/);
    await expect(s.panel('lab', 'matmul')).toBeVisible();
    await expect(s.panel('lab', 'race')).toBeHidden();
    await expect(s.field('lab', 'matmulTo').first()).toHaveValue('512');
    await s.button('next').click();
    // The words stay text: the markup is shown, never run.
    await expect(s.byId('lesson-text')).toHaveText('Now train the tiny CNN <b>and watch</b> the loss.');
    await expect(s.field('train', 'model')).toHaveValue('tiny');
    await expect(s.panel('train', 'chart-loss')).toBeVisible();
    await expect(s.panel('train', 'stats')).toBeHidden();
  });

  test('a damaged lesson link says what is wrong and opens the page anyway', async ({ c, page }) => {
    await c.openLink('#v=4&w=cnn&ld=AAAA');
    await expect(c.byId('link-error-list')).toContainText('The lesson is damaged: its compressed data is truncated or corrupt');
    await expect(c.byId('lesson-bar')).toHaveCount(0);
    await expect(page.getByTestId('view-train').getByTestId('btn-train')).toBeVisible();
  });
});
