/** The cart API: read it, add a piece (safe to repeat), change a line's quantity or selection, remove a line. */
import { Hono } from 'hono';
import { z } from 'zod';
import { addToCartContract, cartLineContract, SIZE_PATTERN } from '../../../shared/cart.contract.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { productId } from '../../../shared/catalog.contract.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { NOT_IN_CART, type CartService } from './cart.service.ts';

const line = z.object({ productId });
/** A line is a product in a size (?size=M); a one-size piece's line needs no size. */
const lineSize = z.object({ size: z.string().regex(SIZE_PATTERN, NOT_IN_CART).default(ONE_SIZE) });

export function cartRoutes(cart: CartService) {
  return new Hono<ShopperEnv>()
    .use('/cart', shoppersOnly)
    .use('/cart/*', shoppersOnly)
    .get('/cart', async (c) => c.json(await cart.get(requireShopper(c).id)))
    .post('/cart/items', valid('json', addToCartContract), async (c) => c.json(await cart.add(requireShopper(c).id, c.req.valid('json'))))
    .patch('/cart/items/:productId', valid('param', line, { status: 404 }), valid('query', lineSize, { status: 404 }), valid('json', cartLineContract), async (c) =>
      c.json(await cart.update(requireShopper(c).id, { ...c.req.valid('param'), ...c.req.valid('query') }, c.req.valid('json'))),
    )
    .delete('/cart/items/:productId', valid('param', line, { status: 404 }), valid('query', lineSize, { status: 404 }), async (c) =>
      c.json(await cart.remove(requireShopper(c).id, { ...c.req.valid('param'), ...c.req.valid('query') })),
    );
}
