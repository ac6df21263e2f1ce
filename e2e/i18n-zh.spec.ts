import type { BackendName } from '../src/config/backends';
import { axeViolations } from './axe';
import { expectAllChinese } from './chineseText';
import { expect, test } from './fixtures';
import { LabPage } from './pages/labPage';
import { ModelPanelPage } from './pages/modelPanel';

// The page speaks the browser's language: this context's is Simplified Chinese.
test.use({ locale: 'zh-CN' });

/** On WebAssembly (the wording is the point, not the backend): 200 steps, seconds, so the pause after step 10 lands mid-run. */
const SHORT_RUN = { model: 'tiny', batchSize: '32', trainExamples: '6400', testExamples: '500', epochs: '1', seed: '7' };
/** The lab's race, as small as a race gets. */
const TINY_RACE = { model: 'tiny', batchSize: '16', warmupSteps: '1', measuredSteps: '3' };
/** Both CPU backends and one software GPU: every kind of row the race table words (a WebGPU row is worded as WebGL's, and its SwiftShader compile would add a quarter of a minute). */
const RACED: BackendName[] = ['cpu', 'wasm', 'webgl'];
/** Software-rendered backends on two cores: a lab job may take minutes. */
const JOB_TIMEOUT_MS = 150_000;

test.beforeEach(({ backend }) => {
  test.skip(backend !== 'cpu', 'The language does not depend on the backend: one project is enough.');
});

test('in zh-CN the training journey passes in Chinese, and no English is left on the page', async ({ playground: p, page }) => {
  await p.open();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('tab-train')).toHaveText('训练 CNN');
  await expect(p.button('train')).toHaveText('训练');
  await expect(p.root.getByTestId('preset-quick')).toHaveAttribute('aria-pressed', 'true');
  // The backends' reasons come from the worker: said in Chinese, like everything else.
  await expect(p.root.getByTestId('backend-reason-cpu')).toHaveText('纯 JavaScript 实现，始终可用');

  await p.chooseBackend('wasm');
  await p.setFields(SHORT_RUN);
  await p.button('train').click();
  // A progress line of the worker, while the data loads (it may pass before the test looks).
  await expect(p.runState()).toHaveText('训练中');
  await p.waitForSteps(10);
  await p.button('pause').click();
  await expect(p.runState()).toHaveText('已暂停');
  await expect(p.root.getByTestId('run-announcement')).toHaveText('训练已暂停。');
  await expectAllChinese(page);
  await p.button('resume').click();
  await expect(p.runState()).toHaveText(/训练中|已完成/);
  await expect(p.runState()).toHaveText('已完成', { timeout: 170_000 });
  await expect(p.root.getByTestId('run-announcement')).toHaveText('运行已完成。');
  await expect(p.stat('test-accuracy')).toHaveText(/^\d+(\.\d+)?%（第 1 轮）$/);
  await expect(p.stat('model')).toHaveText(/^微型 CNN，/);
  const losses = await p.losses();
  expect(losses && losses.latest < losses.first, `loss ${JSON.stringify(losses)}`).toBe(true);
  await expect(p.root.getByTestId('chart-loss-latest')).toHaveText(/^最新（步 \d+）：训练损失 /);

  await expectAllChinese(page);
  expect(await axeViolations(page, '[data-testid="view-train"]')).toEqual([]);
});

test('in zh-CN a race and a device report read in Chinese, the browser’s own names marked as data', async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto('/');
  await page.getByTestId('tab-lab').click();
  // The lab reads the device report on first view: its reasons and labels in Chinese, what the browser reports as it came.
  await expect(lab.status('device')).toHaveClass(/\bdone\b/, { timeout: JOB_TIMEOUT_MS });
  await expect(lab.byId('device-webgpu-vendor').locator('[translate="no"]')).toHaveText(/\S/);
  await expect(lab.byId('device-report').getByText('GPU 厂商（WebGPU）')).toBeVisible();
  await expectAllChinese(page);

  await lab.setWorkload(TINY_RACE);
  await lab.chooseBackends(RACED);
  await expect(lab.button('race', 'run')).toBeEnabled();
  await lab.button('race', 'run').click();
  // The worker's progress line, said in Chinese while the race runs.
  await expect(lab.byId('race-progress-message')).toHaveText(/：|…/, { timeout: JOB_TIMEOUT_MS });
  await expect(lab.status('race')).toHaveClass(/\bdone\b/, { timeout: JOB_TIMEOUT_MS });
  await expect(lab.byId('race-error')).toHaveCount(0);
  for (const backend of RACED) await expect(lab.raceCell(backend, 'examples-per-sec')).toHaveText(/\d/);
  await expectAllChinese(page);
});

test('in zh-CN a refused link and a refused model file say why in Chinese', async ({ page }) => {
  // A link with a refused value, an unknown setting and an unknown view: three problems, each in Chinese.
  await page.goto('/#v=4&w=cnn&batchSize=0&foo=1&view=nowhere');
  const problems = page.getByTestId('link-error-list');
  await expect(problems).toContainText('批大小必须在 1 到 4096 个样本之间');
  await expect(problems).toContainText('未知的设置');
  await expect(problems).toContainText('没有视图');
  // What the link carried is shown as it came, marked as data.
  await expect(problems.locator('[translate="no"]').filter({ hasText: "'foo'" })).toHaveCount(1);
  await expectAllChinese(page);
  await page.getByTestId('btn-dismiss-link-error').click();

  const models = new ModelPanelPage(page);
  await page.getByTestId('tab-train').click();
  await models.pickFile('not-a-model.gpck', Buffer.from('{"modelTopology": {}}'));
  await expect(models.error()).toHaveText('不是可用的检查点：它不是以 GPCK 开头的。');
  await models.pickFile('cut-short.gpck', Buffer.concat([Buffer.from('GPCK'), Buffer.alloc(8)]));
  await expect(models.error()).toContainText('不是可用的检查点：');
  await expectAllChinese(page);
});

test('the language can be switched in the page and travels in the link as lang=', async ({ playground: p, page, browser }) => {
  await p.open();
  await expect(p.button('train')).toHaveText('训练');
  await page.getByTestId('language').selectOption('en');
  await expect(p.button('train')).toHaveText('Train');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A message from the worker follows the page's language too.
  await expect(p.root.getByTestId('backend-reason-cpu')).toHaveText('plain JavaScript, always available');
  await page.getByTestId('language').selectOption('zh-CN');
  await expect(p.button('train')).toHaveText('训练');
  await expect(p.root.getByTestId('backend-reason-cpu')).toHaveText('纯 JavaScript 实现，始终可用');
  expect(page.url()).toContain('lang=zh-CN');

  // A teacher's link opens in Chinese for a student whose browser speaks English.
  const english = await browser.newContext({ locale: 'en-US' });
  const student = await english.newPage();
  await student.goto(`/${new URL(page.url()).hash}`);
  await expect(student.getByTestId('view-train').getByTestId('btn-train')).toHaveText('训练');
  await english.close();
});
