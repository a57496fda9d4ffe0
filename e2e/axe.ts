/** axe-core checks for the browser tests: no serious or critical violations on what is on screen. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // The first nodes of each, with axe's reason, so a failure says where to look.
  const where = (v: (typeof serious)[number]) => v.nodes.slice(0, 3).map((n) => `\n    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`);
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})${where(v).join('')}`)).toEqual([]);
}
