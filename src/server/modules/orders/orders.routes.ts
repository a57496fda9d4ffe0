/** The shopper's own orders: the list, newest first (spec §2 Orders, §7), and cancelling one not yet shipped (issue 17). */
import { Hono } from 'hono';
import { z } from 'zod';
import { cancelOrderContract } from '../../../shared/cancel.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { Cancel } from '../payments/cancellation.ts';
import { ORDER_NOT_FOUND, type OrdersService } from './orders.service.ts';

const order = z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }) });

export function ordersRoutes(orders: OrdersService, cancel: Cancel) {
  return new Hono<ShopperEnv>()
    .use('/orders', shoppersOnly)
    .use('/orders/*', shoppersOnly)
    .get('/orders', async (c) => c.json({ items: await orders.list(requireShopper(c).id) }))
    .post('/orders/:id/cancel', valid('param', order, { status: 404 }), valid('json', cancelOrderContract), async (c) => {
      const shopper = requireShopper(c);
      await cancel(c.req.valid('param').id, { userId: shopper.id, email: shopper.email, owner: false }, c.req.valid('json').reason);
      return c.json(await orders.one(shopper.id, c.req.valid('param').id));
    });
}
