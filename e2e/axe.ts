/** axe-core over the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { VIEW_IDS } from '../src/config/views';

/** Every violation, whatever its impact, each with the elements it names, so a failure says where. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
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
