/** The owner's orders under /api/admin (behind the admin guard of admin.routes.ts). */
import { Hono } from 'hono';
import { adminOrdersQuery, moveOrderContract, trackingContract } from '../../../shared/admin-orders.contract.ts';
import { z } from '../../../shared/zod.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { ORDER_NOT_FOUND, type Fulfilment } from './fulfilment.service.ts';

const byId = valid('param', z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }) }), { status: 404 });

export function fulfilmentRoutes(orders: Fulfilment) {
  return new Hono<ShopperEnv>()
    .get('/admin/orders', valid('query', adminOrdersQuery), async (c) => c.json(await orders.page(c.req.valid('query'))))
    .get('/admin/orders/:id', byId, async (c) => c.json(await orders.get(c.req.valid('param').id)))
    .post('/admin/orders/:id/status', byId, valid('json', moveOrderContract), async (c) => c.json(await orders.move(c.req.valid('param').id, c.req.valid('json'), requireShopper(c))))
    .put('/admin/orders/:id/tracking', byId, valid('json', trackingContract), async (c) =>
      c.json(await orders.track(c.req.valid('param').id, c.req.valid('json').trackingNumber, requireShopper(c))),
    );
}
