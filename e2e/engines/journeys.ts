/**
 * The journeys every browser engine must pass (Firefox and WebKit here; Chromium's are the Playwright suite), one
 * browser per engine for all of them: a first visit and the quick first run started by keyboard alone, a race of
 * every backend the engine offers, a shared result opened without running anything, the class board from pasted
 * links, and the first view in Chinese; axe finds nothing and the page logs no error in any of them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_NAMES, type BackendName } from '../../src/config/backends';
import { laneIdOf } from '../../src/config/lanes';
import { roomResults } from '../../src/share/fixtures/classRoom';
import { encodeResultLink } from '../../src/share/linkCodec';
import { byTestId, textOf, until, type EngineDriver, type EngineName } from '../../scripts/engines/driver';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The quick first run (the defaults) reaches about 95% on MNIST; 90% is only reached by learning. */
const FIRST_RUN_ACCURACY_PERCENT = 90;
/** The first view's budget (keyboard-first-view.spec.ts): Train within 12 Tab presses of the top of the page. */
const MAX_TABS_TO_TRAIN = 12;
/** The quick first run: about 10 s on WebAssembly here; a loaded 2-core machine, or a replaced stuck worker, take longer. */
const RUN_TIMEOUT_MS = 240_000;
const RACE = 'model=tiny&batchSize=16&warmupSteps=1&measuredSteps=3';
const BOARD_LINKS = 6;

const train = (id: string) => byTestId(id, 'view-train');

/** axe-core in the page, every rule of the default set; each violation with the elements it names. */
async function axeViolations(driver: EngineDriver): Promise<string[]> {
  await driver.run((source: string) => {
    if (!('axe' in window)) (0, eval)(source);
  }, AXE_SOURCE);
  return driver.run(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** Which backends the Train view offers here (enabled radio buttons), and each card's reason. */
function backendCards(driver: EngineDriver): Promise<{ name: string; enabled: boolean; checked: boolean; reason: string }[]> {
  return driver.run((names: string[]) => {
    const view = document.querySelector('[data-testid="view-train"]');
    return names.map((name) => {
      const input = view?.querySelector<HTMLInputElement>(`[data-testid="backend-option-${name}"]`);
      return { name, enabled: input?.disabled === false, checked: input?.checked === true, reason: view?.querySelector(`[data-testid="backend-reason-${name}"]`)?.textContent ?? '' };
    });
  }, [...BACKEND_NAMES]);
}

async function expectNoErrors(driver: EngineDriver): Promise<void> {
  expect(await driver.errors()).toEqual([]);
}

/** What an engine's backend cards must say here (no GPU on the test machines): the reasons, in the page's words. */
export type CardsSay = Partial<Record<BackendName, RegExp>>;

/** Defines the journeys of one engine; `launch` starts its browser against the served build. */
export function engineJourneys(engine: EngineName, launch: () => Promise<EngineDriver>, cardsSay: CardsSay): void {
  describe(`${engine}: the journeys`, () => {
    let driver: EngineDriver;
    let offered: BackendName[] = [];

    beforeAll(async () => {
      driver = await launch();
    });
    afterAll(async () => {
      await driver?.close();
    });

    it('a first visit: WebAssembly by default, each missing backend says why, axe finds nothing; Tab to Train and Enter runs the quick first run to its accuracy', async () => {
      await driver.open('/');
      await until(() => textOf(driver, train('btn-train')), (text) => text !== null, 'the Train button');
      const cards = await until(() => backendCards(driver), (list) => list.some((c) => c.checked) && list.every((c) => c.reason !== ''), 'the backend cards');
      offered = cards.filter((c) => c.enabled).map((c) => c.name as BackendName);
      expect(cards.find((c) => c.checked)?.name).toBe('wasm');
      for (const card of cards) if (cardsSay[card.name as BackendName]) expect(card.reason, `${card.name}'s card`).toMatch(cardsSay[card.name as BackendName] as RegExp);
      expect(await axeViolations(driver)).toEqual([]);

      // From the top of the page to Train by Tab alone, then Enter.
      await driver.run(() => (document.activeElement as HTMLElement | null)?.blur());
      let presses = 0;
      const onTrain = () => driver.run(() => document.activeElement?.getAttribute('data-testid') === 'btn-train' && document.activeElement.closest('[data-testid="view-train"]') !== null);
      while (presses < MAX_TABS_TO_TRAIN && !(await onTrain())) {
        await driver.press('Tab');
        presses++;
      }
      expect(await onTrain(), `Train has focus after ${presses} Tab presses`).toBe(true);
      await driver.press('Enter');
      const state = await until(() => textOf(driver, train('run-state')), (s) => s === 'finished' || s === 'error', 'the quick first run to end', RUN_TIMEOUT_MS);
      expect(state, (await textOf(driver, train('error-message'))) ?? '').toBe('finished');
      expect(await textOf(driver, train('stat-backend'))).toMatch(/WebAssembly/);
      const accuracy = Number(/^([\d.]+)%/.exec((await textOf(driver, train('stat-test-accuracy'))) ?? '')?.[1]);
      expect(accuracy).toBeGreaterThanOrEqual(FIRST_RUN_ACCURACY_PERCENT);
      expect(await axeViolations(driver)).toEqual([]);
      await expectNoErrors(driver);
    });

    it('a race of every backend the engine offers: each row has its median step and speed-up', async () => {
      expect(offered.length).toBeGreaterThan(0);
      await driver.open(`/#v=4&view=lab&${RACE}&backends=${offered.join(',')}`);
      await until(() => textOf(driver, byTestId('btn-race-run')), (text) => text !== null, 'the race panel');
      // The lab reads the device on its first view; the report fills in above the race, so the race waits behind it.
      await until(() => textOf(driver, byTestId('device-status')), (s) => s === 'done' || s === 'error', 'the device report');
      await driver.click(byTestId('btn-race-run'));
      await until(() => textOf(driver, byTestId('race-status')), (s) => s !== null, 'the race to be queued', 10_000);
      const status = await until(() => textOf(driver, byTestId('race-status')), (s) => s === 'done' || s === 'error' || s === 'cancelled', 'the race to end', RUN_TIMEOUT_MS);
      expect(status, (await textOf(driver, byTestId('race-error'))) ?? '').toBe('done');
      for (const backend of offered) {
        expect(await textOf(driver, byTestId(`race-cell-${backend}-median`)), `${backend}'s median`).toMatch(/^\d+(\.\d+)?(k|M)? ms$/);
        expect(await textOf(driver, byTestId(`race-cell-${backend}-speedup`)), `${backend}'s speed-up`).toMatch(/×/);
      }
      expect(await axeViolations(driver)).toEqual([]);
      await expectNoErrors(driver);
    });

    it('a shared result opens with the sender’s figures and runs nothing', async () => {
      const [{ result }] = roomResults(1, 7);
      await driver.open(`/${await encodeResultLink(result)}`);
      await until(() => textOf(driver, byTestId('shared-label')), (text) => text !== null, 'the shared result');
      for (const row of result.rows) expect(await textOf(driver, byTestId(`shared-cell-${laneIdOf(row)}-examplesPerSec`)), laneIdOf(row)).toMatch(/^\d/);
      expect(await textOf(driver, byTestId('shared-device'))).not.toBe('unknown device');
      // Nothing ran: the device queue is empty, no run state moved.
      expect(await driver.run(() => document.querySelectorAll('[data-testid="queue-running"]').length)).toBe(0);
      expect(await axeViolations(driver)).toEqual([]);
      await expectNoErrors(driver);
    });

    it('the class board reads pasted result links and draws the room', async () => {
      const links = await Promise.all(roomResults(BOARD_LINKS, 31).map(async ({ result }) => `http://room.example/${await encodeResultLink(result)}`));
      await driver.open('/#v=4&view=board');
      await until(() => textOf(driver, byTestId('board-paste')), (text) => text !== null, 'the board');
      // The textarea is React's: its value goes through the native setter and an input event, as a paste does.
      await driver.run((text: string) => {
        const area = document.querySelector<HTMLTextAreaElement>('[data-testid="board-paste"]');
        if (!area) throw new Error('no board-paste');
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, text);
        area.dispatchEvent(new Event('input', { bubbles: true }));
      }, links.join('\n'));
      await driver.click(byTestId('btn-board-add'));
      const drawn = await until(() => driver.run(() => document.querySelector('[data-testid="board-chart"]')?.getAttribute('data-drawn') ?? null), (d) => Number(d) > 0, 'the board chart');
      expect(Number(drawn)).toBeGreaterThan(0);
      await until(() => driver.run(() => document.querySelectorAll('[data-testid="board-row"]').length), (rows) => rows > 0, 'the board table', 30_000);
      expect(await driver.run(() => document.querySelectorAll('[data-testid="board-refusal"]').length)).toBe(0);
      expect(await axeViolations(driver)).toEqual([]);
      await expectNoErrors(driver);
    });

    it('the first view in Chinese', async () => {
      await driver.open('/#lang=zh-CN');
      await until(() => driver.run(() => document.documentElement.lang), (lang) => lang === 'zh-CN', 'the page in zh-CN');
      const label = await until(() => textOf(driver, train('btn-train')), (text) => text !== null && /[\u4e00-\u9fff]/.test(text), 'the Train button in Chinese');
      expect(label).not.toMatch(/[A-Za-z]{3}/);
      expect(await axeViolations(driver)).toEqual([]);
      await expectNoErrors(driver);
    });
  });
}
