import type { APIRequestContext, Page } from '@playwright/test';
import { MAX_RANGE, type ProductSummary } from '../src/shared/catalog.ts';

/**
 * The first card on screen that can be bought in one tap (a one-size piece in stock), with its
 * product's id and name. `pictured`: one with a photograph, for a test that taps it; other journeys
 * add pieces without any to the same shop, and for a moment those lead the list.
 */
export async function firstCard(page: Page, nth = 0, { pictured = false } = {}) {
  const buyable = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Buy Now: /, disabled: false }) })
    // A piece in sizes says "choose a size" on its cart button: its card opens the product page instead.
    .filter({ has: page.getByRole('button', { name: /^Add .+ to cart$/ }) });
  const card = (pictured ? buyable.filter({ has: page.locator('img') }) : buyable).nth(nth);
  const name = (await card.getByRole('heading').textContent())!.trim();
  const href = (await card.getByRole('link', { name }).getAttribute('href'))!;
  const id = Number(/^\/product\/(\d+)$/.exec(href)![1]);
  return { card, name, id };
}

/**
 * The nth piece of the shop's list that a shopper can buy in one tap (one size, in stock), by the
 * API: tests that each want a piece of their own pick a different nth. By position among such
 * pieces, not in the whole list, since other tests add pieces in sizes to the same shop.
 */
export async function buyablePiece(request: APIRequestContext, nth: number): Promise<ProductSummary> {
  const piece = (await newestPieces(request)).filter((p) => !p.sized && p.availability !== 'Out of Stock')[nth];
  if (!piece) throw new Error(`No ${nth + 1}th one-size piece in stock among the first ${MAX_RANGE}`);
  return piece;
}

/**
 * The newest piece of the shop's list with its photographs: the sizes journeys add pieces without
 * any to the same shops, and for a moment those lead the list.
 */
export async function picturedPiece(request: APIRequestContext): Promise<ProductSummary> {
  const piece = (await newestPieces(request)).find((p) => p.images.length > 0);
  if (!piece) throw new Error(`No piece with photographs among the first ${MAX_RANGE}`);
  return piece;
}

/** The first page of the shop's list, newest first, as large as the API gives. */
async function newestPieces(request: APIRequestContext): Promise<ProductSummary[]> {
  return ((await (await request.get(`/api/products?offset=0&limit=${MAX_RANGE}`)).json()) as { items: ProductSummary[] }).items;
}
