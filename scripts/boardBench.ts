/**
 * The bench's `board` workload: how long the class board takes from a paste of N result links (the
 * room's fixtures, src/share/fixtures/classRoom.ts) to the chart drawn with every device, in a fresh
 * page of the production build; and how long the board link is for a class of 30.
 */
import type { Browser } from 'playwright-core';
import { summarize } from '../src/metrics/stats';
import { boardEntryOf } from '../src/share/board/boardEntry';
import { boardLinkHash, boardPayloadThatFits, encodeBoardPayload } from '../src/share/board/boardDoc';
import { roomResults } from '../src/share/fixtures/classRoom';
import { encodeResultLink } from '../src/share/linkCodec';
import { validateSharedResult } from '../src/share/resultDoc';

/** A class, for the board link's length. */
const CLASS_SIZE = 30;
/** Results tried when finding how many a board link holds. */
const MANY = 1_000;
/** After the board opens, before the paste: the page's device worker and Chart.js load meanwhile, as they would while a teacher waits for links. */
const SETTLE_MS = 3_000;

export interface BoardBenchResult {
  links: number;
  /** Paste → chart drawn, ms, one per run. */
  pasteToChartMs: number[];
  classSize: number;
  /** The board link's length for the class, characters (whole URL). */
  boardLinkChars: number;
  /** The class's result links, characters together (what the board link replaces). */
  resultLinksChars: number;
  /** Results one board link holds (of the room's fixtures). */
  linkHolds: number;
}

async function links(base: string, count: number, seed: number): Promise<string[]> {
  return Promise.all(roomResults(count, seed).map(async ({ result }) => `${base}${await encodeResultLink(result)}`));
}

/** One fresh page: the board opened, the links pasted, the time from pressing Add to the chart drawn with every device. */
async function pasteOnce(browser: Browser, url: string, text: string, count: number): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${url}#v=4&view=board`);
    await page.getByTestId('board-paste').waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await page.getByTestId('board-paste').fill(text);
    // No named functions inside: the bench's TypeScript loader would wrap them in a helper the page lacks.
    return await page.evaluate(async (devices) => {
      const start = performance.now();
      (document.querySelector('[data-testid="btn-board-add"]') as HTMLButtonElement).click();
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="board-chart"]')?.getAttribute('data-drawn') !== String(devices)) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-drawn'] });
      });
      // The frame that shows it.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - start;
    }, count);
  } finally {
    await context.close();
  }
}

export async function measureBoard(browser: Browser, url: string, count: number, runs: number, log: (line: string) => void): Promise<BoardBenchResult> {
  const pasted = await links(url, count, 2_025);
  const text = pasted.join('\n');
  const pasteToChartMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    pasteToChartMs.push(await pasteOnce(browser, url, text, count));
    log(`paste of ${count} links → chart: ${pasteToChartMs.at(-1)?.toFixed(0)} ms`);
  }
  const entries = (results: ReturnType<typeof roomResults>) => results.map(({ result }) => boardEntryOf(validateSharedResult(JSON.parse(JSON.stringify(result))).result!)!);
  const room = roomResults(CLASS_SIZE, 30);
  const boardLink = `${url}${boardLinkHash(await encodeBoardPayload(entries(room)))}`;
  const resultLinks = await links(url, CLASS_SIZE, 30);
  const fit = await boardPayloadThatFits(entries(roomResults(MANY, 31)));
  return {
    links: count,
    pasteToChartMs,
    classSize: CLASS_SIZE,
    boardLinkChars: boardLink.length,
    resultLinksChars: resultLinks.reduce((sum, l) => sum + l.length, 0),
    linkHolds: fit.fits ? MANY : fit.fitting,
  };
}

export function boardTable(r: BoardBenchResult): string {
  const s = summarize(r.pasteToChartMs);
  const ms = (v: number) => v.toFixed(0);
  return [
    '| measure | value |',
    '| --- | ---: |',
    `| paste of ${r.links} result links → chart drawn, median of ${s.count} fresh pages (ms) | ${ms(s.median)} |`,
    `| … fastest / slowest (ms) | ${ms(s.min)} / ${ms(s.max)} |`,
    `| board link for ${r.classSize} results (characters) | ${r.boardLinkChars.toLocaleString('en-US')} |`,
    `| the same ${r.classSize} result links together (characters) | ${r.resultLinksChars.toLocaleString('en-US')} |`,
    `| results one board link holds (16,000-character payload) | ${r.linkHolds} |`,
  ].join('\n');
}
