import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import type { BackendName } from '../src/config/backends';
import { ROOM_RACE, roomResults } from '../src/share/fixtures/classRoom';
import { encodeResultLink } from '../src/share/linkCodec';
import { encodeJsonPayload } from '../src/share/payloadCodec';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { BoardPage } from './pages/boardPage';
import { LabPage } from './pages/labPage';
import { SharePage } from './pages/sharePage';

/** The race of the room's fixtures (src/share/fixtures/classRoom.ts), as small as a race gets, on the CPU backends and WebGL (SwiftShader here: a software GPU). */
const RACE = { model: ROOM_RACE.model, batchSize: String(ROOM_RACE.batchSize), warmupSteps: String(ROOM_RACE.warmupSteps), measuredSteps: String(ROOM_RACE.measuredSteps) };
const RACED: BackendName[] = ['cpu', 'wasm', 'webgl'];
/** The other students of the class. */
const CLASSMATES = 30;

test.beforeEach(({ backend }) => {
  test.skip(backend !== 'cpu', 'the board reads links and draws them the same whatever the backend; one project runs it');
});

/** The page's address without its hash: what a result link starts with. */
function pageBase(page: Page): string {
  const url = new URL(page.url());
  return `${url.origin}${url.pathname}`;
}

/** Runs the tiny race here and shares it: the link a student sends (and, asked for, the race's JSON export). */
async function raceAndShare(page: Page, tap = false, exported?: { text: string }, backends: BackendName[] = RACED): Promise<string> {
  const lab = new LabPage(page);
  await lab.open();
  await lab.setWorkload(RACE);
  await lab.chooseBackends(backends);
  if (tap) await lab.button('race', 'run').tap();
  else await lab.button('race', 'run').click();
  await lab.waitUntilDone('race');
  const share = new SharePage(page);
  const bar = share.runShare('race');
  if (tap) {
    await bar.getByTestId('btn-share').tap();
    await expect(bar.getByTestId('share-link')).toBeVisible();
    return bar.getByTestId('share-link').inputValue();
  }
  if (exported) exported.text = (await share.download(bar.getByTestId('export-json'))).text;
  return (await share.share(bar)).link;
}

/** Thirty classmates' result links, made from the room's fixtures for this page's address. */
async function classmates(base: string, count = CLASSMATES): Promise<string[]> {
  return Promise.all(roomResults(count, 31).map(async ({ result }) => `${base}${await encodeResultLink(result)}`));
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a race shared here and thirty classmates’ links make one board; damaged links are refused by line; the board link reopens it; axe finds nothing in English or Chinese', async ({ page, browser }) => {
  const exported = { text: '' };
  const mine = await raceAndShare(page, false, exported);
  const base = pageBase(page);
  const theirs = await classmates(base);
  const refused = roomResults(1, 99)[0].result;
  const damaged = [
    theirs[0].slice(0, -40),
    `${base}#v=4&view=lab&r=!!this-is-not-base64!!`,
    `${base}#v=4&view=lab&r=${await encodeJsonPayload({ ...refused, rows: 'none' })}`,
  ];
  // As a chat would have them: a greeting, my link, the classmates' links with three damaged ones among them.
  const lines = ['Class chat, Tuesday', mine, ...theirs.slice(0, 10), damaged[0], ...theirs.slice(10, 20), `Sorry, mine: ${damaged[1]}`, ...theirs.slice(20), damaged[2]];
  const damagedLines = damaged.map((d) => lines.findIndex((line) => line.endsWith(d)) + 1);

  const board = new BoardPage(page);
  await board.open();
  await board.paste(lines.join('\n'));
  await board.expectDrawn(CLASSMATES + 1);
  await expect(board.rows()).toHaveCount(CLASSMATES + 1);
  await expect(board.byId('board-chart')).toHaveAttribute('data-devices', String(CLASSMATES + 1));
  await expect(board.byId('board-status')).toHaveText('Added 31 results; none was already on the board; 3 refused.');
  await expect(board.refusals()).toHaveCount(3);
  for (const [i, line] of damagedLines.entries()) await expect(board.refusals().nth(i)).toContainText(`Line ${line}: `);
  await expect(board.refusals().nth(0)).toContainText('The shared result is damaged');
  await expect(board.refusals().nth(2)).toContainText('The summary rows are not a list');

  // My race is result 1: its WebGL ran on SwiftShader here, so the board marks it and never calls its ratio a GPU speed-up.
  const myRow = board.rows().and(page.locator('[data-number="1"]'));
  await expect(myRow).toHaveAttribute('data-gpu', 'software');
  await expect(board.byId('board-cell-1-webgl')).toContainText('software');
  await expect(board.byId('board-cell-1-vsWasm')).toContainText('CPU vs CPU');
  await expect(board.byId('board-findings')).toContainText('31 devices ran this race.');
  await expect(board.byId('board-findings')).toContainText('no hardware GPU');
  const findings = await board.byId('board-findings').locator('li').allInnerTexts();

  // The same result pasted again, dropped as its JSON export, or picked from History is counted once.
  await board.paste(mine);
  await expect(board.byId('board-status')).toHaveText('Added 0 results; 1 was already there; nothing refused.');
  await board.byId('board-file').setInputFiles({ name: 'my-race.json', mimeType: 'application/json', buffer: Buffer.from(exported.text) });
  await expect(board.byId('board-status')).toHaveText('Added 0 results; 1 was already there; nothing refused.');
  await board.byId('btn-board-history').click();
  await board.byId('board-history-entry').first().check();
  await board.byId('btn-board-add-history').click();
  await expect(board.byId('board-history-entry').first()).not.toBeChecked();
  await expect(board.byId('board-status')).toHaveText('Added 0 results; 1 was already there; nothing refused.');
  await expect(board.rows()).toHaveCount(CLASSMATES + 1);
  await expect(myRow.getByText('added 4 times, counted once')).toBeVisible();

  // The table sorts by any column.
  await board.byId('board-sort-speed.wasm').click();
  const wasm = await board.rows().evaluateAll((rows) => rows.map((r) => Number(r.querySelector('[data-testid$="-wasm"]')?.textContent?.replace('k', 'e3'))));
  expect(wasm).toEqual([...wasm].sort((a, b) => b - a));

  expect(await axeViolations(page)).toEqual([]);

  // The chart as a PNG: the chart canvas's size, on a filled background, with the room drawn on it.
  const [download] = await Promise.all([page.waitForEvent('download'), board.byId('board-export-png').click()]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const png = PNG.sync.read(await readFile(await download.path()));
  const canvas = await board.byId('board-chart').locator('canvas').evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
  expect({ width: png.width, height: png.height }).toEqual(canvas);
  const background = png.data.subarray(0, 4).join();
  let inked = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data.subarray(i, i + 4).join() !== background) inked++;
  expect(inked, 'pixels of bars, axes and labels').toBeGreaterThan((png.width * png.height) / 50);

  const link = await board.boardLink();
  expect(link).toMatch(/#v=4&view=board&bd=[A-Za-z0-9_-]+$/);
  test.info().annotations.push({ type: 'board link characters (31 results)', description: String(link.length) });

  // A fresh browser: no history, nothing cached.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  const reopened = new BoardPage(other);
  await reopened.expectDrawn(CLASSMATES + 1);
  await expect(reopened.rows()).toHaveCount(CLASSMATES + 1);
  await expect(reopened.byId('board-findings').locator('li')).toHaveText(findings);
  await expect(reopened.byId('board-cell-1-vsWasm')).toHaveText((await board.byId('board-cell-1-vsWasm').textContent()) ?? '');
  await context.close();

  await page.getByTestId('language').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(board.byId('board-findings')).toContainText('共有 31 台设备跑了这场竞速');
  await board.paste(`同学们的链接：\n${damaged[0]}`);
  await expect(board.refusals()).toHaveCount(1);
  await expect(board.refusals().first()).toContainText('第 2 行：共享结果已损坏');
  expect(await axeViolations(page)).toEqual([]);
});

test('Show link puts the lesson’s link up as a QR code that a phone reads back, warning that localhost serves no room; Escape closes it and focus returns', async ({ page }) => {
  await page.goto('/#lesson=matmul-race');
  await expect(page.getByTestId('lesson-bar')).toBeVisible();
  await expect(page).toHaveURL(/#v=4&view=lab&lesson=matmul-race$/);
  const board = new BoardPage(page);
  const dialog = await board.showLink();
  const expected = `${pageBase(page)}#v=4&view=lab&lesson=matmul-race`;
  await expect(dialog.getByTestId('btn-room-link-close')).toBeFocused();
  await expect(dialog.getByTestId('room-link-url')).toHaveText(expected);
  // The suite's server is this computer only: said before the code (hosting.spec covers http and https network addresses).
  await expect(dialog.getByTestId('room-link-warning')).toHaveText(/^Other devices cannot open this address \(127\.0\.0\.1:\d+ is this computer only\): serve it on the network with npm run room, or host it/);
  expect(await board.readQr()).toBe(expected);
  const box = await dialog.getByTestId('room-qr').boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(400);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('btn-show-link')).toBeFocused();

  // The lesson's last step shows the board; presented, its link leaves presentation mode out.
  await page.goto('/#lesson=matmul-race&step=5&present=on');
  await expect(page.getByTestId('view-board').getByTestId('board-paste')).toBeVisible();
  await board.showLink();
  expect(await board.readQr()).toBe(`${pageBase(page)}#v=4&view=board&lesson=matmul-race&step=5`);
});

test.describe('on a phone, 360 px wide, by touch', () => {
  test.use({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });

  test('the race runs and shares, and the board reads links and draws them, without scrolling sideways', async ({ page }) => {
    // The CPU backends only: the software-GPU marks are the test above's, and WebGL's shader compiles add seconds here.
    const mine = await raceAndShare(page, true, undefined, ['cpu', 'wasm']);
    expect(mine).toContain('&r=');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const theirs = await classmates(pageBase(page), 10);
    await page.getByTestId('tab-board').tap();
    const board = new BoardPage(page);
    await board.byId('board-paste').fill([mine, ...theirs].join('\n'));
    await board.byId('btn-board-add').tap();
    await board.expectDrawn(11);
    await expect(board.rows()).toHaveCount(11);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
