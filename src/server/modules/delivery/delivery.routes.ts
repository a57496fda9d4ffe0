/**
 * The PIN checks: where a PIN is (the address form asks on blur, with the chosen state), and the
 * product page's delivery answer for a piece. Both are public: a visitor checks before signing in.
 */
import { Hono } from 'hono';
import { pincodeQuery } from '../../../shared/delivery.contract.ts';
import { indiaState } from '../../../shared/india.ts';
import { cacheFor } from '../../http/cache.ts';
import { valid } from '../../http/validate.ts';
import { z } from 'zod';
import type { DeliveryService } from './delivery.service.ts';

const placeQuery = z.object({ state: z.string().max(100).optional() });
const checkQuery = pincodeQuery.extend({
  product: z.coerce.number({ error: 'Product not found' }).int('Product not found').positive('Product not found'),
});

export function deliveryRoutes(delivery: DeliveryService) {
  return new Hono()
    .get('/pincodes/:pin', cacheFor('public, no-cache'), valid('param', pincodeQuery), valid('query', placeQuery), async (c) =>
      c.json(await delivery.place(c.req.valid('param').pin, indiaState(c.req.valid('query').state ?? ''))),
    )
    .get('/delivery', cacheFor('public, no-cache'), valid('query', checkQuery), async (c) => c.json(await delivery.check(c.req.valid('query').pin, c.req.valid('query').product)));
}
