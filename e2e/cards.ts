import type { Page } from '@playwright/test';

/** The first card on screen that can be bought, with its product's id and name. */
export async function firstCard(page: Page, nth = 0) {
  const card = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Buy Now: /, disabled: false }) })
    .nth(nth);
  const name = (await card.getByRole('heading').textContent())!.trim();
  const href = (await card.getByRole('link', { name }).getAttribute('href'))!;
  const id = Number(/^\/product\/(\d+)$/.exec(href)![1]);
  return { card, name, id };
}
