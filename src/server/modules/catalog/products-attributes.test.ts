/**
 * Issue 20: a product's filter attributes (fabric, colour and its shade, occasions, weave or work,
 * origin) through the real API on PGlite and PostgreSQL: written by the owner, shown by the product
 * page, refused with their words when not from the lists (nothing written), and refused by the
 * database itself when SQL goes round the API.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ATTRIBUTES } from '../../../shared/attributes.ts';
import { products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Meera');
  await t.shop.owners.setOwner(owner.email, true);
});
afterAll(() => t.close());

const asOwner = (method: string, url: string, body?: unknown) => send(t, method, url, body, owner.cookie);
const saree = { name: 'Kanjeevaram Silk Saree in Rani Pink', price: 14_999_00, stock: 2 };
const said = { fabric: 'silk', colour: 'pink', colourName: 'Rani pink', occasions: ['wedding', 'festive'], weave: 'zari', origin: 'kanjeevaram' };

describe('a product’s attributes', () => {
  it('are written by the owner, kept in the lists’ order, and shown by the product page; an edit changes them', async () => {
    const res = await asOwner('POST', '/api/admin/products', { ...saree, attributes: said });
    expect(res.status).toBe(201);
    const made = await res.json();
    // Occasions once each, in the list's order, whatever order they were ticked in.
    const stored = { ...said, occasions: ['festive', 'wedding'] };
    expect(made.attributes).toEqual(stored);
    expect((await (await send(t, 'GET', `/api/products/${made.id}`)).json()).attributes).toEqual(stored);

    const edit = await asOwner('PUT', `/api/admin/products/${made.id}`, { ...saree, attributes: { fabric: 'silk-cotton', colour: 'blue', occasions: ['office', 'office'] } });
    expect(edit.status).toBe(200);
    const page = await (await send(t, 'GET', `/api/products/${made.id}`)).json();
    expect(page.attributes).toEqual({ fabric: 'silk-cotton', colour: 'blue', colourName: null, occasions: ['office'], weave: null, origin: null });
  });

  it('left unsaid are unsaid: a product without them, and a blank shade', async () => {
    const made = await (await asOwner('POST', '/api/admin/products', { ...saree, attributes: { colour: 'green', colourName: '   ' } })).json();
    expect(made.attributes).toEqual({ ...NO_ATTRIBUTES, colour: 'green' });
    const plain = await (await asOwner('POST', '/api/admin/products', saree)).json();
    expect(plain.attributes).toEqual(NO_ATTRIBUTES);
  });

  it('keep a hostile shade as text, without direction controls', async () => {
    const colourName = '<b>Rani</b> $& \u202epink';
    const made = await (await asOwner('POST', '/api/admin/products', { ...saree, attributes: { colour: 'pink', colourName } })).json();
    expect(made.attributes.colourName).toBe('<b>Rani</b> $& pink');
  });

  it.each([
    [{ fabric: 'Silk' }, 'Choose the fabric from the list.'],
    [{ fabric: 'ѕilk' }, 'Choose the fabric from the list.'],
    [{ colour: 'rani-pink' }, 'Choose the colour from the list.'],
    [{ colourName: 'Rani pink' }, 'Choose the colour this shade belongs to.'],
    [{ colour: 'pink', colourName: 'x'.repeat(41) }, "The shade's name must be at most 40 characters."],
    [{ colour: 'pink', colourName: 7 }, 'The shade must be text.'],
    [{ occasions: ['diwali'] }, 'Choose occasions from the list.'],
    [{ occasions: 'festive' }, 'Occasions must be a list.'],
    [{ occasions: Array(11).fill('festive') }, 'Choose occasions from the list.'],
    [{ weave: 'zari; drop table products' }, 'Choose the weave or work from the list.'],
    [{ origin: 'toString' }, 'Choose the origin from the list.'],
    ['silk', 'Attributes must be a set of fields.'],
  ])('refuse %j with their words, writing nothing', async (attributes, message) => {
    const before = (await (await asOwner('GET', '/api/admin/products')).json()).total;
    const res = await asOwner('POST', '/api/admin/products', { ...saree, attributes });
    expect(res.status).toBe(422);
    expect((await res.json()).fields.attributes).toBe(message);
    expect((await (await asOwner('GET', '/api/admin/products')).json()).total).toBe(before);
  });

  it('are the owner’s to write: a customer is refused', async () => {
    const customer = await signedUp(t, 'Kabir');
    const res = await send(t, 'POST', '/api/admin/products', { ...saree, attributes: said }, customer.cookie);
    expect(res.status).toBe(403);
  });

  it('are checked by the database too, for SQL that goes round the API', async () => {
    const [{ id }] = (await t.database.db.select({ id: products.id }).from(products).limit(1)) as [{ id: number }];
    const bad = [
      sql`update products set fabric = 'polyester' where id = ${id}`,
      sql`update products set colour = 'teal' where id = ${id}`,
      sql`update products set colour = null, colour_name = 'Teal' where id = ${id}`,
      sql`update products set occasions = array['festive', 'diwali'] where id = ${id}`,
      sql`update products set weave = 'Zari' where id = ${id}`,
      sql`update products set origin = '' where id = ${id}`,
    ];
    for (const statement of bad) await expect(t.database.db.execute(statement)).rejects.toMatchObject({ cause: { code: '23514' } }); // check_violation
  });
});
