/** The owner's offers (issue 50): list with figures, create, pause, resume, end, batches of codes, and CSV. */
import { Hono } from 'hono';
import { z } from 'zod';
import { OFFER_WORDS } from '../../../shared/offers.ts';
import { batchContract, offerContract } from '../../../shared/offers.contract.ts';
import { download } from '../../http/download.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { codesCsv, figuresCsv } from './offers.csv.ts';
import type { OfferMove, OffersService } from './offers.service.ts';

const offer = z.object({ id: z.coerce.number({ error: OFFER_WORDS.noOffer }).int(OFFER_WORDS.noOffer).min(1, OFFER_WORDS.noOffer).max(2_147_483_647, OFFER_WORDS.noOffer) });
const move = z.object({ move: z.enum(['pause', 'resume', 'end'] satisfies OfferMove[], { error: 'Not found' }) });
const reportQuery = z.object({ campaign: z.string().max(60).optional() });

export function ownerOffersRoutes(offers: OffersService) {
  return new Hono<ShopperEnv>()
    .get('/admin/offers', async (c) => c.json({ items: await offers.list() }))
    .post('/admin/offers', valid('json', offerContract), async (c) => c.json(await offers.create(requireShopper(c).id, c.req.valid('json')), 201))
    .get('/admin/offers/report.csv', valid('query', reportQuery), async (c) => {
      const { campaign } = c.req.valid('query');
      const rows = (await offers.list()).filter((r) => campaign === undefined || r.offer.campaign === campaign);
      return download(c, { filename: 'offers.csv', content: Buffer.from(figuresCsv(rows)) }, 'text/csv; charset=utf-8');
    })
    .post('/admin/offers/:id/batch', valid('param', offer, { status: 404 }), valid('json', batchContract), async (c) =>
      c.json(await offers.batch(requireShopper(c).id, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .get('/admin/offers/:id/codes.csv', valid('param', offer, { status: 404 }), async (c) => {
      const id = c.req.valid('param').id;
      return download(c, { filename: `offer-${id}-codes.csv`, content: Buffer.from(codesCsv(await offers.codes(id))) }, 'text/csv; charset=utf-8');
    })
    .post('/admin/offers/:id/:move', valid('param', offer.extend(move.shape), { status: 404 }), async (c) => {
      const { id, move: m } = c.req.valid('param');
      await offers.move(id, m);
      return c.json({ ok: true });
    });
}
