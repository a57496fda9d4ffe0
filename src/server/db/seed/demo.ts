/**
 * The demo catalog: written once per database, ever. A row in app_meta marks it; a transaction-scoped
 * advisory lock makes two app servers starting together queue, so the second sees the mark and
 * stops. An owner who deletes every product therefore never gets the demo back by accident.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appMeta, categories, collections, productCategories, productCollections, products, sizeLists } from '../schema/index.ts';
import { demoCategories, demoCollections, demoProducts } from './demo-catalog.ts';
import type { DemoProduct } from './demo-types.ts';
import { createStockService } from '../../modules/stock/stock.service.ts';
import { demoDetails } from './demo-details.ts';
import { demoAttributes } from './demo-attributes.ts';
import { demoTax } from './demo-tax.ts';
import { taxColumns } from '../../modules/catalog/product-tax.ts';
import { demoSizes } from './demo-stock.ts';

const SEED_LOCK = 7_342_002;
export const DEMO_SEED_KEY = 'demo_catalog_seeded';

export const productImageUrls = (p: Pick<DemoProduct, 'key' | 'image'>): string[] =>
  Array.from({ length: p.image.count }, (_, i) => `/images/products/${p.key}-${i + 1}.webp`);

export const collectionPosterUrl = (slug: string) => `/images/collections/${slug}.webp`;

const rupeesToPaise = (r: number) => Math.round(r * 100);

/** Returns true when this call wrote the catalog, false when some earlier run already had. */
export async function seedDemoCatalogOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const done = await tx.select({ key: appMeta.key }).from(appMeta).where(sql`${appMeta.key} = ${DEMO_SEED_KEY}`);
    if (done.length > 0) return false;

    const categoryIds = new Map<string, number>();
    // Parents first, so children can point at them.
    const ordered = [...demoCategories].sort((a, b) => Number(!!a.parent) - Number(!!b.parent));
    for (const c of ordered) {
      const [row] = await tx
        .insert(categories)
        .values({ slug: c.slug, name: c.name, description: c.description, parentId: c.parent ? categoryIds.get(c.parent) : null })
        .returning({ id: categories.id });
      categoryIds.set(c.slug, row!.id);
    }
    const collectionRows = await tx
      .insert(collections)
      .values(demoCollections.map((c) => ({ slug: c.slug, name: c.name, description: c.description, poster: collectionPosterUrl(c.slug) })))
      .returning({ id: collections.id, slug: collections.slug });
    const collectionIds = new Map(collectionRows.map((r) => [r.slug, r.id]));

    const lists = await tx.select({ id: sizeLists.id, name: sizeLists.name, sizes: sizeLists.sizes }).from(sizeLists);
    const listIds = new Map(lists.map((l) => [l.name, l.id]));
    const sizesOf = new Map(demoProducts.map((p, i) => [p, demoSizes(p, i, new Map(lists.map((l) => [l.name, l.sizes])))]));

    // The list shows newest first; inserting in reverse keeps the demo file's order on screen.
    const ordering = [...demoProducts].reverse();
    const inserted = await tx
      .insert(products)
      .values(
        ordering.map((p) => {
          const images = productImageUrls(p);
          return {
            name: p.name,
            thumbnail: images[0] ?? null,
            images,
            price: rupeesToPaise(p.price),
            offerPrice: p.offerPrice === null ? null : rupeesToPaise(p.offerPrice),
            availability: p.availability,
            description: p.description,
            keyHighlights: p.keyHighlights,
            fullDescription: p.fullDescription,
            manufactureAndCare: p.manufactureAndCare,
            returnPolicy: p.returnPolicy,
            deliveryInfo: p.deliveryInfo,
            featured: p.featured,
            sizeListId: listIds.get(sizesOf.get(p)!.listName ?? '') ?? null,
            details: demoDetails(p),
            ...demoAttributes(p),
            ...taxColumns(demoTax(p.name, p.image.kind)),
          };
        }),
      )
      .returning({ id: products.id });

    const catLinks = ordering.flatMap((p, i) =>
      withParents(p.categories).map((slug) => ({ productId: inserted[i]!.id, categoryId: mustGet(categoryIds, slug) })),
    );
    const colLinks = ordering.flatMap((p, i) =>
      p.collections.map((slug) => ({ productId: inserted[i]!.id, collectionId: mustGet(collectionIds, slug) })),
    );
    // Through the stock module, as any stock is written: each count with its ledger row.
    const stock = createStockService(db);
    for (const [i, p] of ordering.entries()) {
      await stock.setSizes(tx, inserted[i]!.id, sizesOf.get(p)!.sizes, { reason: 'imported', note: 'demo catalog' });
    }
    await tx.insert(productCategories).values(catLinks).onConflictDoNothing();
    if (colLinks.length) await tx.insert(productCollections).values(colLinks);
    await tx.insert(appMeta).values({ key: DEMO_SEED_KEY, value: { products: inserted.length, at: new Date().toISOString() } });
    return true;
  });
}

/** A product in 'silk-sarees' is also in 'sarees'. */
function withParents(slugs: string[]): string[] {
  const out = new Set<string>();
  for (let slug of slugs) {
    for (let guard = 0; slug && guard < 5; guard++) {
      out.add(slug);
      slug = demoCategories.find((c) => c.slug === slug)?.parent ?? '';
    }
  }
  return [...out];
}

function mustGet(map: Map<string, number>, slug: string): number {
  const id = map.get(slug);
  if (id === undefined) throw new Error(`Demo catalog refers to unknown slug '${slug}'`);
  return id;
}
