/** axe-core over the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { VIEW_IDS } from '../src/config/views';

/**
 * Every violation, whatever its impact, each with the elements it names, so a failure says where.
 * Legacy mode runs axe.run in the page itself: the app has no frames, and the default opens a blank page for each
 * analysis to merge frames' results there (2.4 s an analysis against 1.1 s here, the same findings).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // Measured on a page without frames only: should the app ever gain one, say so rather than trust legacy mode with it.
  if (page.frames().length > 1) throw new Error(`axeViolations: the page has ${page.frames().length - 1} frame(s); check that legacy mode reads them, or drop it`);
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}

/** What each view shows once its code has loaded (and the lab its first device report). */
export const VIEW_READY: Record<(typeof VIEW_IDS)[number], string> = {
  train: 'btn-train',
  gan: 'btn-train',
  lab: 'lab-backends',
  inspect: 'draw-canvas',
  history: 'history-panel',
  board: 'board-paste',
};
