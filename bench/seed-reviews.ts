/**
 * A product with many reviews (issue 51), for `npm run bench`'s product-with-reviews rows and for
 * Lighthouse: `count` buyers, each with a delivered order of the piece, each review published, the
 * first `photos` of them with a photograph, and the product's figures as the service keeps them.
 * Written straight to the tables in one transaction (a few statements, not thousands of requests):
 * the page reads only what is here, and how it was written does not change what it draws.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { orderItems, orders, products, profiles, reviewPhotos, reviews, users } from '../src/server/db/schema/index.ts';
import type { AddressFields } from '../src/shared/addresses.ts';
import { FITS } from '../src/shared/reviews.ts';

/** How reviewed the bench's reviewed product is (issue 51's bar: 200 reviews, 50 photographs). */
export const REVIEWED_COUNT = 200;
export const REVIEWED_PHOTOS = 50;

const FIRST_NAMES = ['Meera', 'Lalitha', 'Shanthi', 'Anjali', 'Priya', 'Kavya', 'Divya', 'Sunita', 'Rekha', 'Farah'];
const WORDS = [
  'The chanderi is soft and the colour is as shown. The sleeves run a touch short.',
  'Wore it for a wedding; the zari did not scratch and the fall was lovely.',
  'Stitching is neat. I would take one size up next time.',
  'Lighter than I expected, perfect for the Chennai heat.',
];

/** A sized piece of the catalog (so the fit bar draws too), the first by id, other than `besides`. */
export async function pieceToReview(db: Db, besides = 0): Promise<number> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.sizeListId} is not null and ${products.hiddenAt} is null and ${products.id} <> ${besides}`)
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error('The catalog has no sized product to review.');
  return row.id;
}

export async function seedReviews(db: Db, productId: number, count: number, photos: number, photoStem: (i: number) => string = (i) => `r-bench${i}`): Promise<void> {
  const tag = `${productId}-${Date.now().toString(36)}`;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  await db.transaction(async (tx) => {
    const [piece] = await tx.select({ name: products.name, price: products.price }).from(products).where(eq(products.id, productId));
    if (!piece) throw new Error(`No product ${productId} to review.`);
    const made = await tx
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ name: `Bench buyer ${i}`, email: `bench-reviewer-${i}-${tag}@example.com`, emailVerified: true })))
      .returning({ id: users.id });
    await tx.insert(profiles).values(made.map((u, i) => ({ id: u.id, firstName: FIRST_NAMES[i % FIRST_NAMES.length]!, lastName: 'Bench', email: `bench-reviewer-${i}-${tag}@example.com` })));
    const address: AddressFields = { name: 'Bench Buyer', phone: '9876543210', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016', country: 'India' };
    const placed = await tx
      .insert(orders)
      .values(
        made.map((u, i) => ({
          userId: u.id,
          status: 'delivered' as const,
          paymentStatus: 'paid' as const,
          source: 'buy_now' as const,
          paymentProvider: 'test' as const,
          paymentId: `pay_bench_${tag}_${i}`,
          paidAt: at(20 + i),
          deliveredAt: at(10 + i),
          addressJson: address,
          subtotal: piece.price,
          gstAmount: 0,
          gstRateBp: 500,
          pricesIncludeGst: true,
          shippingCharges: 0,
          total: piece.price,
          checkoutFingerprint: `bench-${tag}-${i}`,
        })),
      )
      .returning({ id: orders.id, userId: orders.userId });
    const lines = await tx
      .insert(orderItems)
      .values(placed.map((o) => ({ orderId: o.id, productId, size: 'M', name: piece.name, unitPrice: piece.price, quantity: 1, lineTotal: piece.price })))
      .returning({ id: orderItems.id, orderId: orderItems.orderId });
    const lineOf = new Map(lines.map((l) => [l.orderId, l.id]));
    const ratingOf = (i: number) => [5, 4, 5, 3, 4, 5, 2, 4, 5, 1][i % 10]!;
    const written = await tx
      .insert(reviews)
      .values(
        placed.map((o, i) => ({
          productId,
          userId: o.userId,
          orderItemId: lineOf.get(o.id)!,
          rating: ratingOf(i),
          title: `Review ${i + 1}: ${['Lovely', 'As shown', 'Good value', 'Runs small'][i % 4]}`,
          body: WORDS[i % WORDS.length]!,
          fit: FITS[i % 3]!,
          size: 'M',
          state: 'published' as const,
          helpful: i % 7,
          publishedAt: at(9 + i / 10),
          createdAt: at(9 + i / 10),
        })),
      )
      .returning({ id: reviews.id });
    if (photos > 0) await tx.insert(reviewPhotos).values(written.slice(0, photos).map((r, i) => ({ id: crypto.randomBytes(32).toString('hex'), userId: placed[i]!.userId, reviewId: r.id, stem: photoStem(i), position: 0 })));
    const sum = placed.reduce((n, _, i) => n + ratingOf(i), 0);
    await tx
      .update(products)
      .set({ reviewCount: sql`${products.reviewCount} + ${count}`, ratingSum: sql`${products.ratingSum} + ${sum}` })
      .where(eq(products.id, productId));
  });
}
