/** The owner's products and photographs under /api/admin (behind the admin guard of admin.routes.ts). */
import { Hono } from 'hono';
import { adminProductsQuery, productInputContract, sizeChartContract, stockAdjustContract } from '../../../shared/admin-product.contract.ts';
import { bodyLimitOf } from '../../http/mutations.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { z } from '../../../shared/zod.ts';
import { PHOTO_LIMITS, PHOTO_TOO_BIG, type Photos } from './photos.ts';
import { PRODUCT_NOT_FOUND, SIZE_LIST_NOT_FOUND, type AdminProductsService } from '../catalog/products-admin.service.ts';

const productId = z.object({ id: z.coerce.number({ error: PRODUCT_NOT_FOUND }).int(PRODUCT_NOT_FOUND).min(1, PRODUCT_NOT_FOUND).max(2_147_483_647, PRODUCT_NOT_FOUND) });
const byId = valid('param', productId, { status: 404 });
const listId = valid('param', z.object({ id: z.coerce.number({ error: SIZE_LIST_NOT_FOUND }).int(SIZE_LIST_NOT_FOUND).min(1, SIZE_LIST_NOT_FOUND).max(2_147_483_647, SIZE_LIST_NOT_FOUND) }), { status: 404 });

export function adminProductsRoutes(products: AdminProductsService, photos: Photos) {
  return new Hono<ShopperEnv>()
    .get('/admin/products', valid('query', adminProductsQuery), async (c) => c.json(await products.page(c.req.valid('query'))))
    .get('/admin/products/groups', async (c) => c.json(await products.groups()))
    .put('/admin/size-lists/:id/chart', listId, valid('json', sizeChartContract), async (c) => c.json(await products.saveChart(c.req.valid('param').id, c.req.valid('json'))))
    .get('/admin/products/:id', byId, async (c) => c.json(await products.get(c.req.valid('param').id)))
    .post('/admin/products', valid('json', productInputContract), async (c) => c.json(await products.create(c.req.valid('json'), requireShopper(c)), 201))
    .put('/admin/products/:id', byId, valid('json', productInputContract), async (c) => c.json(await products.update(c.req.valid('param').id, c.req.valid('json'), requireShopper(c))))
    .post('/admin/products/:id/stock', byId, valid('json', stockAdjustContract), async (c) => c.json(await products.adjust(c.req.valid('param').id, c.req.valid('json'), requireShopper(c))))
    .delete('/admin/products/:id', byId, async (c) => c.json(await products.remove(c.req.valid('param').id)))
    .post('/admin/products/:id/show', byId, async (c) => c.json(await products.show(c.req.valid('param').id)))
    .post('/admin/uploads/photos', bodyLimitOf(PHOTO_LIMITS.bytes, PHOTO_TOO_BIG), async (c) =>
      c.json({ url: await photos.store(new Uint8Array(await c.req.arrayBuffer())) }, 201),
    );
}
