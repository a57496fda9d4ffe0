/** The address book API: list (newest first), add, edit, delete (safe to repeat). */
import { Hono } from 'hono';
import { z } from 'zod';
import { addressContract } from '../../../shared/address.contract.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { ADDRESS_NOT_FOUND, type AddressesService } from './addresses.service.ts';

const address = z.object({ id: z.uuid({ error: ADDRESS_NOT_FOUND }) });

export function addressesRoutes(book: AddressesService) {
  return new Hono<ShopperEnv>()
    .use('/addresses', shoppersOnly)
    .use('/addresses/*', shoppersOnly)
    .get('/addresses', async (c) => c.json({ items: await book.list(requireShopper(c).id) }))
    .post('/addresses', valid('json', addressContract), async (c) => c.json(await book.add(requireShopper(c).id, c.req.valid('json')), 201))
    .put('/addresses/:id', valid('param', address, { status: 404 }), valid('json', addressContract), async (c) =>
      c.json(await book.update(requireShopper(c).id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/addresses/:id', valid('param', address, { status: 404 }), async (c) => {
      await book.remove(requireShopper(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
