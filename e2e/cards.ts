import type { Page } from '@playwright/test';

/** The first card on screen that can be bought in one tap (a one-size piece in stock), with its product's id and name. */
export async function firstCard(page: Page, nth = 0) {
  const card = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Buy Now: /, disabled: false }) })
    // A piece in sizes says "choose a size" on its cart button: its card opens the product page instead.
    .filter({ has: page.getByRole('button', { name: /^Add .+ to cart$/ }) })
    .nth(nth);
  const name = (await card.getByRole('heading').textContent())!.trim();
  const href = (await card.getByRole('link', { name }).getAttribute('href'))!;
  const id = Number(/^\/product\/(\d+)$/.exec(href)![1]);
  return { card, name, id };
}
