/** axe-core checks for the browser tests: no serious or critical violations on what is on screen. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Contrast is judged at rest: a toast fading in or out is, for a moment, any colour between its own
 * and the page's (axe has caught one at 1.9:1). So the scan waits for toasts to close (2 s, spec §4)
 * and for the page's finite animations and transitions to end (the skeletons' endless pulse excepted).
 * A list dimmed while its next answer is on the way says so with aria-busy, and so does an owner's
 * list whose typed search is not yet asked (it dims when it is). Axe caught the owner's product list
 * there, at 2.85:1: the scan began in the search's 300 ms pause and the list dimmed under it. A busy
 * list is never scanned: however slow the machine, the scan waits for the answer, and a list still
 * busy after 20 s fails the test as that, not as a contrast seen mid-way.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, { timeout: 20_000 })
    .catch(() => {
      throw new Error('A list was still busy (aria-busy) 20 s on: its next answer never came, so it was not scanned.');
    });
  await page
    .waitForFunction(
      () =>
        document.querySelectorAll('[data-sonner-toast]').length === 0 &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5000 },
    )
    .catch(() => {}); // a toast held open by the pointer, still there after 5 s: scan as it is
}

/**
 * Only the violations, found in the page itself. By default axe sends back every rule's passing
 * nodes too, and gathers its results in a blank page it opens for the purpose: 1.3 to 2.2 s a scan
 * on this machine, against 0.55 to 0.77 s this way (home, a product, /products). Legacy mode leaves
 * out only cross-origin frames, and the shop has none; a frame of its own is still scanned.
 */
const scan = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();

export async function expectNoSeriousViolations(page: Page) {
  await settled(page);
  const { violations } = await scan(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // The first nodes of each, with axe's reason, so a failure says where to look.
  const where = (v: (typeof serious)[number]) => v.nodes.slice(0, 3).map((n) => `\n    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`);
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})${where(v).join('')}`)).toEqual([]);
}
