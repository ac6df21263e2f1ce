import { BACKEND_LABELS } from '../src/config/backends';
import { LESSONS } from '../src/config/lessons';
import { expect, test as base } from './fixtures';
import { ClassroomPage } from './pages/classroomPage';
import { PlaygroundPage } from './pages/playgroundPage';

const test = base.extend<{ c: ClassroomPage; p: PlaygroundPage }>({
  c: async ({ page }, use) => use(new ClassroomPage(page)),
  p: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await use(new PlaygroundPage(page));
    if (errors.length) throw new Error(`Uncaught page errors: ${errors.join('; ')}`);
  },
});

/** The tiny CNN, small enough for software-rendered backends, set by the link (the form is hidden while presenting). */
const TINY = 'model=tiny&batchSize=32&learningRate=0.01&epochs=20&trainExamples=3200&testExamples=500&seed=7';

test.describe('presentation mode', () => {
  test('large type, the listed controls hidden, shortcuts listed under ?, and back again', async ({ c, p, page, backend }) => {
    test.skip(backend !== 'cpu', 'nothing here runs on a backend');
    await page.goto('/');
    await expect(p.button('train')).toBeVisible();
    const normalPx = await c.htmlFontSizePx();
    await c.byId('btn-present').click();
    await expect(page).toHaveURL(/present=on/);
    expect(await c.htmlFontSizePx()).toBeGreaterThanOrEqual(normalPx * 1.4);
    // Hidden: the introduction, every settings form, share and export, the History tab.
    await expect(c.byId('intro')).toBeHidden();
    await expect(p.field('batchSize')).toBeHidden();
    await expect(p.field('model')).toBeHidden();
    await expect(c.byId('tab-history')).toBeHidden();
    await expect(p.root.getByTestId('run-share-cnn')).toBeHidden();
    // Kept: the backend race's choice and the run controls.
    await expect(p.root.getByTestId('backend-picker')).toBeVisible();
    await expect(p.button('train')).toBeVisible();
    await expect(p.button('pause')).toBeVisible();

    await page.keyboard.press('?');
    const help = c.byId('help-overlay');
    await expect(help).toBeVisible();
    await expect(help.getByTestId('help-shortcuts')).toContainText('Space: train / pause');
    await expect(c.byId('btn-help-close')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);

    await c.byId('btn-present').click();
    await expect(c.byId('intro')).toBeVisible();
    await expect(p.field('batchSize')).toBeVisible();
    expect(await c.htmlFontSizePx()).toBe(normalPx);
  });

  test('space trains and pauses, s steps once, r resets', async ({ p, page, backend }) => {
    test.skip(backend !== 'cpu', 'the shortcuts drive the same controls on every backend; training, pausing and single steps on each backend are train-cnn.spec.ts\'s (CI time)');
    await page.goto(`/#v=4&w=cnn&backend=${backend}&${TINY}&present=on`);
    await expect(p.field('batchSize')).toBeHidden();
    await expect(p.backendOption(backend)).toBeEnabled();
    await page.keyboard.press(' ');
    await expect(p.runState()).toHaveText('training');
    await expect(p.stat('backend')).toHaveText(BACKEND_LABELS[backend]);
    await p.waitForSteps(3);
    await page.keyboard.press(' ');
    await expect(p.runState()).toHaveText('paused');
    const pausedAt = await p.stepCount();
    await page.keyboard.press('s');
    await expect.poll(() => p.stepCount()).toBe(pausedAt + 1);
    await expect(p.runState()).toHaveText('paused');
    await page.keyboard.press(' ');
    await expect(p.runState()).toHaveText('training');
    await p.waitForSteps(pausedAt + 3);
    await page.keyboard.press('r');
    await expect(p.runState()).toHaveText('idle');
    await expect(p.stat('step')).toHaveText('–');
    await expect(p.button('train')).toBeEnabled();
  });

  test('arrows move through a lesson’s steps', async ({ c, page, backend }) => {
    test.skip(backend !== 'cpu', 'nothing here runs on a backend');
    const lesson = LESSONS['train-cnn'];
    await c.openLink('#lesson=train-cnn&present=on');
    await c.expectStep(lesson.title, lesson.steps[0], 0, lesson.steps.length);
    await page.keyboard.press('ArrowRight');
    await c.expectStep(lesson.title, lesson.steps[1], 1, lesson.steps.length);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await c.expectStep(lesson.title, lesson.steps[1], 1, lesson.steps.length);
    await expect(page).toHaveURL(/present=on&lesson=train-cnn&step=2/);
  });
});
