/** The wishlist API: the shopper's liked products, and a like set (PUT) or taken back (DELETE). Both are safe to repeat. */
import { Hono } from 'hono';
import { z } from 'zod';
import { productId } from '../../../shared/catalog.contract.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { WishlistService } from './wishlist.service.ts';

const product = z.object({ productId });

export function wishlistRoutes(wishlist: WishlistService) {
  return new Hono<ShopperEnv>()
    .use('/wishlist', shoppersOnly)
    .use('/wishlist/*', shoppersOnly)
    .get('/wishlist', async (c) => c.json({ items: await wishlist.list(requireShopper(c).id) }))
    .put('/wishlist/:productId', valid('param', product, { status: 404 }), async (c) =>
      c.json(await wishlist.like(requireShopper(c).id, c.req.valid('param').productId)),
    )
    .delete('/wishlist/:productId', valid('param', product, { status: 404 }), async (c) =>
      c.json(await wishlist.unlike(requireShopper(c).id, c.req.valid('param').productId)),
    );
}
