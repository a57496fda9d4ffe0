/**
 * Reviews (issue 51): the product page's reviews for everyone; a buyer's photographs, review,
 * withdrawal and "helpful" behind the session; the owner's list, publishing, rejecting, replying,
 * the fit per size and the held words under /api/admin.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { productId } from '../../../shared/catalog.contract.ts';
import { heldWordsContract, rejectReviewContract, replyContract, reviewContract, reviewListQuery } from '../../../shared/reviews.contract.ts';
import { REVIEW_LIMITS, REVIEW_STATES, REVIEW_WORDS } from '../../../shared/reviews.ts';
import { bodyLimitOf } from '../../http/mutations.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { ReviewsService } from './reviews.service.ts';

const product = z.object({ id: productId });
const review = z.object({ id: z.uuid({ error: REVIEW_WORDS.notFound }) });

/** Open to all: a product's published reviews. */
export function publicReviewsRoutes(reviews: ReviewsService) {
  return new Hono().get('/products/:id/reviews', valid('param', product, { status: 404 }), valid('query', reviewListQuery), async (c) => {
    const { sort, offset } = c.req.valid('query');
    return c.json(await reviews.forProduct(c.req.valid('param').id, sort, offset));
  });
}

/** A buyer's side, behind the session: the user is the session's, never the request's. */
export function reviewsRoutes(reviews: ReviewsService) {
  return new Hono<ShopperEnv>()
    .use('/uploads/review-photos', shoppersOnly)
    .use('/reviews', shoppersOnly)
    .use('/reviews/*', shoppersOnly)
    .post('/uploads/review-photos', bodyLimitOf(REVIEW_LIMITS.photoBytes, REVIEW_WORDS.photoTooLarge), async (c) =>
      c.json(await reviews.addPhoto(requireShopper(c).id, new Uint8Array(await c.req.arrayBuffer())), 201),
    )
    .post('/reviews', valid('json', reviewContract), async (c) => c.json(await reviews.write(requireShopper(c).id, c.req.valid('json')), 201))
    .get('/reviews/mine', async (c) => c.json({ items: await reviews.mine(requireShopper(c).id) }))
    .delete('/reviews/:id', valid('param', review, { status: 404 }), async (c) => {
      await reviews.withdraw(requireShopper(c).id, c.req.valid('param').id);
      return c.json({ withdrawn: true });
    })
    .post('/reviews/:id/helpful', valid('param', review, { status: 404 }), async (c) => c.json(await reviews.helpful(requireShopper(c).id, c.req.valid('param').id)));
}

const ownerFilter = z.object({
  state: z.enum(REVIEW_STATES).optional(),
  productId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** The last review of the page read: the next page continues after it. */
  before: z.uuid().optional(),
});

/** The owner's side (behind the owners' guard in app.ts); every act logged with who. */
export function ownerReviewsRoutes(reviews: ReviewsService) {
  const { owner } = reviews;
  return new Hono<ShopperEnv>()
    .get('/admin/reviews', valid('query', ownerFilter), async (c) => {
      const { before, ...filter } = c.req.valid('query');
      return c.json(await owner.list(filter, before));
    })
    .get('/admin/reviews/words', async (c) => c.json({ words: await reviews.heldWords() }))
    .put('/admin/reviews/words', valid('json', heldWordsContract), async (c) => {
      await owner.saveWords(c.req.valid('json').words);
      return c.json({ words: await reviews.heldWords() });
    })
    .get('/admin/products/:id/fit', valid('param', product, { status: 404 }), async (c) => c.json({ sizes: await owner.fitBySize(c.req.valid('param').id) }))
    .post('/admin/reviews/:id/publish', valid('param', review, { status: 404 }), async (c) => {
      await owner.publish(c.req.valid('param').id, requireShopper(c).id);
      return c.json({ state: 'published' });
    })
    .post('/admin/reviews/:id/reject', valid('param', review, { status: 404 }), valid('json', rejectReviewContract), async (c) => {
      await owner.reject(c.req.valid('param').id, requireShopper(c).id, c.req.valid('json').reason);
      return c.json({ state: 'rejected' });
    })
    .post('/admin/reviews/:id/reply', valid('param', review, { status: 404 }), valid('json', replyContract), async (c) => {
      await owner.reply(c.req.valid('param').id, requireShopper(c).id, c.req.valid('json').text);
      return c.json({ replied: true });
    });
}
