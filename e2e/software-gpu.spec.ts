import { deflateRawSync } from 'node:zlib';
import { BACKEND_LABELS, type BackendName } from '../src/config/backends';
import type { LaneId } from '../src/config/lanes';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { LabPage } from './pages/labPage';
import { PlaygroundPage } from './pages/playgroundPage';
import { SharePage } from './pages/sharePage';

/**
 * This machine has no GPU: Chromium runs WebGL (ANGLE) and WebGPU (its fallback adapter) on
 * SwiftShader, i.e. on the CPU. The page must say so wherever their figures appear.
 */
const SOFTWARE: BackendName[] = ['webgl', 'webgpu'];
const LACKS = 'This device has no hardware GPU that the browser can use: WebGL and WebGPU run on the CPU through SwiftShader, so their times are CPU times.';
/** "1.3×, CPU vs CPU": a ratio of two CPU times, never shown as a bare GPU speed-up. */
const CPU_VS_CPU = /^\d+(\.\d+)?(k|M)?×, CPU vs CPU$/;
/** "1×", "2.1×", "0.16×", "24×". */
const SPEED_UP = /^\d+(\.\d+)?×$/;
const MS = /^\d+(\.\d+)?(k|M)? ms$/;
/** A race small enough for SwiftShader on two cores. */
const TINY_RACE = { model: 'tiny', batchSize: '16', warmupSteps: '1', measuredSteps: '3' };
/** Every backend in one race, WebGPU on both engines (the lab's default): the lab's race, its lanes and the software-GPU marks are one journey (CI time). */
const RACED: BackendName[] = ['cpu', 'wasm', 'webgl', 'webgpu'];
const LANES: LaneId[] = ['cpu', 'wasm', 'webgl', 'webgpu', 'webgpu-tfjs'];
const SOFTWARE_LANES: LaneId[] = ['webgl', 'webgpu', 'webgpu-tfjs'];
/** How the race names each software lane: WebGPU with its engine, all three marked as the CPU they ran on. */
const SOFTWARE_NAMES: Record<string, string> = {
  webgl: 'WebGL (software, on the CPU)',
  webgpu: "WebGPU · the app's engine (software, on the CPU)",
  'webgpu-tfjs': 'WebGPU · TensorFlow.js (software, on the CPU)',
};
const SWIFTSHADER_GL = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';

test.beforeEach(({ backend }) => {
  test.skip(backend !== 'cpu', 'what the page says of a software GPU does not depend on the project’s backend: one project checks it');
});

test('without a GPU the Train and GAN views default to WebAssembly; the WebGL and WebGPU cards say they run on the CPU, and why', async ({ playground: p, page }) => {
  await page.goto('/');
  await expect(p.root.getByTestId('backend-picker')).toBeVisible();
  await expect(p.backendOption('wasm')).toBeChecked();
  await expect(page).toHaveURL(/[#&]backend=wasm(&|$)/);
  for (const backend of SOFTWARE) {
    await expect(p.backendOption(backend)).toBeEnabled();
    await expect(p.backendSoftware(backend)).toContainText('Software GPU: runs on the CPU. The browser draws it with SwiftShader');
  }
  // Why, in the browser's own words: WebGL's renderer string, WebGPU's adapter.
  await expect(p.backendSoftware('webgl')).toContainText(/it reports “ANGLE \(Google, .*SwiftShader.*\)”/);
  await expect(p.backendSoftware('webgpu')).toContainText('it reports “google / swiftshader');
  for (const backend of ['cpu', 'wasm'] as const) await expect(p.backendSoftware(backend)).toHaveCount(0);
  await expect(p.softwareGpuNote()).toHaveText(LACKS);
  expect(await axeViolations(page, '[data-testid="view-train"] [data-testid="backend-picker"]')).toEqual([]);

  // A click on a software GPU is a choice: it stays, through later edits of the form.
  await p.chooseBackend('webgl');
  await p.setFields({ seed: '9' });
  await expect(page).toHaveURL(/seed=9/);
  await expect(p.backendOption('webgl')).toBeChecked();

  // The GAN view, first shown now, defaults to WebAssembly too.
  await page.getByTestId('tab-gan').click();
  const gan = new PlaygroundPage(page, 'gan');
  await expect(gan.backendOption('wasm')).toBeChecked();
  await expect(gan.backendSoftware('webgpu')).toContainText('runs on the CPU');
  await expect(gan.softwareGpuNote()).toHaveText(LACKS);
});

test('a race of the tiny CNN completes on cpu, wasm, webgl and webgpu on both engines with speed-ups over both CPU baselines; it names each WebGPU row by its engine, splits a WebGPU step into hardware and software, marks the software GPUs’ rows, and its shared link says so on the receiving side; then the parity check trains it alike on all five and says they agree', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const lab = new LabPage(page);
  await lab.open();
  await expect(lab.byId('lab-software-gpu-note')).toHaveText(LACKS);
  // The lab's single-backend jobs prefer a GPU, but not a software one by default; picking it is kept.
  await expect(lab.byId('lab-field-anatomyBackend')).toHaveValue('wasm');
  await expect(lab.byId('lab-field-profileBackend')).toHaveValue('wasm');
  await lab.setWorkload({ anatomyBackend: 'webgpu' });
  await expect(lab.byId('lab-field-anatomyBackend')).toHaveValue('webgpu');
  await lab.setWorkload(TINY_RACE);
  await expect(lab.byId('lab-field-webgpuEngines')).toHaveValue('both');
  await lab.chooseBackends(RACED);
  await lab.run('race');
  await lab.waitUntilDone('race');

  // Every lane: both speed-ups (over plain JS and over WebAssembly), the median and the first step.
  for (const lane of LANES) {
    const ratio = SOFTWARE_LANES.includes(lane) ? CPU_VS_CPU : SPEED_UP;
    await expect(lab.raceCell(lane, 'speedup'), `${lane} speed-up over plain JS`).toHaveText(ratio);
    await expect(lab.raceCell(lane, 'speedup-wasm'), `${lane} speed-up over wasm`).toHaveText(ratio);
    await expect(lab.raceCell(lane, 'median'), `${lane} median step`).toHaveText(MS);
    await expect(lab.raceCell(lane, 'first-step')).toHaveText(MS);
  }
  expect(await lab.chartPoints('race-chart')).toBe(LANES.length);
  await expect(lab.raceCell('wasm', 'speedup-wasm')).toHaveText('1×');
  // WebAssembly's row names both thread pools it ran on: the app's kernels' and XNNPACK's own.
  await expect(lab.byId('race-threads-wasm')).toHaveText(/\(the app's kernels: \d+ threads?; XNNPACK: \d+ threads?\)$/);

  await expect(lab.byId('race-software-gpu-note')).toHaveText(LACKS);
  for (const backend of ['cpu', 'wasm'] as const) await expect(lab.raceBackend(backend)).toHaveText(BACKEND_LABELS[backend]);
  await expect(lab.raceCell('cpu', 'speedup')).toHaveText('1×');
  for (const lane of SOFTWARE_LANES) await expect(lab.raceBackend(lane)).toHaveText(SOFTWARE_NAMES[lane]);
  // Both WebGPU lanes ran: one sentence splits the step, and says both times are the CPU's here.
  await expect(lab.byId('race-engine-gap')).toHaveText(/^WebGPU ran the same step twice, on the CPU here \(a software GPU\): the app's engine in \d+(\.\d+)?(k|M)? ms, TensorFlow\.js in \d+(\.\d+)?(k|M)? ms\. Both are CPU times/);
  // The bars' text alternative names them the same way.
  await expect(lab.byId('race-chart')).toContainText('WebGL (software, on the CPU)');
  await expect(lab.byId('race-chart')).toContainText("WebGPU · the app's engine (software, on the CPU)");
  expect(await axeViolations(page, '[data-testid="race-panel"]')).toEqual([]);

  // The link's document carries the flag on each GPU row, and the engine on the app's.
  const share = new SharePage(page);
  const bar = share.runShare('race');
  const doc = JSON.parse((await share.download(bar.getByTestId('export-json'))).text) as { rows: { backend: string; softwareGpu?: boolean; engine?: string }[]; race: { webgpuEngines: string } };
  expect(doc.rows.map((r) => [r.backend, r.softwareGpu, r.engine])).toEqual([
    ['cpu', undefined, undefined],
    ['wasm', undefined, undefined],
    ['webgl', true, undefined],
    ['webgpu', true, 'app'],
    ['webgpu', true, undefined],
  ]);
  expect(doc.race.webgpuEngines).toBe('both');
  const { link } = await share.share(bar);

  // Elsewhere (a fresh context): the sender's rows are marked, and one sentence says their times are CPU times.
  const context = await browser.newContext();
  const other = await context.newPage();
  const receiver = new SharePage(other);
  await other.goto(link);
  const panel = receiver.shared;
  await expect(panel.getByTestId('shared-software-gpu-note')).toHaveText(
    'Theirs: WebGL and WebGPU ran on the CPU through SwiftShader, a software GPU, so their times are CPU times, not GPU times.',
  );
  for (const backend of ['cpu', 'wasm'] as const) await expect(panel.getByTestId(`shared-backend-${backend}`)).toHaveText(BACKEND_LABELS[backend]);
  for (const lane of SOFTWARE_LANES) {
    await expect(panel.getByTestId(`shared-backend-${lane}`)).toHaveText(SOFTWARE_NAMES[lane]);
    await expect(panel.getByTestId(`shared-cell-${lane}-speedUpVsCpu`)).toHaveText(CPU_VS_CPU);
  }
  await expect(panel.getByTestId('shared-workload')).toHaveText(/on CPU \(plain JS\), WebAssembly SIMD, WebGL, WebGPU · the app's engine, WebGPU · TensorFlow\.js$/);
  await expect(panel.getByTestId('shared-engine-gap')).toHaveText(/^WebGPU ran the same step twice, on the CPU here/);
  // Run on this device would repeat both lanes: the link's settings say so.
  await expect(other.getByTestId('lab-field-webgpuEngines')).toHaveValue('both');
  expect(await axeViolations(other, '[data-testid="shared-panel"]')).toEqual([]);
  await context.close();

  // The lab's parity check on the same page, whose GPU backends have compiled the tiny CNN's shaders in the race.
  await lab.setWorkload({ paritySteps: '8' });
  await lab.run('parity');
  await lab.waitUntilDone('parity');
  for (const lane of LANES) expect(await lab.chartPoints('parity-chart', lane), `${lane} curve`).toBe(8);
  await expect(lab.byId('parity-verdict')).toHaveText(/^All 5 runs \(.*WebGPU · the app's engine, WebGPU · TensorFlow\.js\) agree within 1\.0% at every one of 8 steps/);
  await expect(lab.byId('parity-diff-8')).toHaveText(/^\d/);
});

test('a lesson about the GPU says that this device has none the browser can use', async ({ page }) => {
  await page.goto('/#lesson=matmul-race');
  await expect(page.getByTestId('lesson-bar')).toBeVisible();
  await expect(page.getByTestId('lesson-software-gpu-note')).toHaveText(LACKS);
  expect(await axeViolations(page, '[data-testid="lesson-bar"]')).toEqual([]);
});

function payloadOf(value: unknown): string {
  return deflateRawSync(Buffer.from(JSON.stringify(value))).toString('base64url');
}

/** A race result as the app shared it before rows carried softwareGpu: only its device report tells. */
function oldRaceLink(device: Record<string, string>): string {
  const row = (backend: string, examplesPerSec: number) => ({ loop: 'app', backend, firstStepMs: 900, medianStepMs: 1000 / examplesPerSec, p90StepMs: 1100 / examplesPerSec, examplesPerSec, gflops: 1 });
  const result = {
    version: 4,
    createdAt: '2025-06-01T12:00:00.000Z',
    config: { workload: 'cnn', model: 'tiny', batchSize: 16 },
    race: { backends: ['cpu', 'webgl'], warmupSteps: 1, measuredSteps: 3 },
    rows: [row('cpu', 100), row('webgl', 400)],
    curves: [],
    device: { browser: 'Chrome 139', ...device },
    versions: { app: '0.1.0' },
  };
  return `/#v=4&view=lab&model=tiny&batchSize=16&warmupSteps=1&measuredSteps=3&backends=cpu,webgl&r=${payloadOf(result)}`;
}

test('an old link without the flag is judged from its device report: SwiftShader is marked, a real GPU is not', async ({ page }) => {
  const share = new SharePage(page);
  await page.goto(oldRaceLink({ 'webgl.renderer': SWIFTSHADER_GL }));
  await expect(share.shared.getByTestId('shared-backend-webgl')).toHaveText('WebGL (software, on the CPU)');
  await expect(share.shared.getByTestId('shared-cell-webgl-speedUpVsCpu')).toHaveText('4×, CPU vs CPU');
  await expect(share.shared.getByTestId('shared-software-gpu-note')).toContainText('Theirs: WebGL ran on the CPU through SwiftShader');
  await expect(share.linkError()).toHaveCount(0);

  await page.goto(oldRaceLink({ 'webgl.renderer': 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3080 Direct3D11 vs_5_0 ps_5_0, D3D11)' }));
  await expect(share.shared.getByTestId('shared-backend-webgl')).toHaveText('WebGL');
  await expect(share.shared.getByTestId('shared-cell-webgl-speedUpVsCpu')).toHaveText('4×');
  await expect(share.shared.getByTestId('shared-software-gpu-note')).toHaveCount(0);
});
