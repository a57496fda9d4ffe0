/**
 * Text-direction controls (U+202E and its kin) make a name draw as something other than it is:
 * "Silk Saree ‮0001₹" shows its end backwards to the owner. The probes found product names took
 * them; names, texts and addresses now keep none, whichever way they come (docs/decisions/0016):
 * the admin's form, a CSV import, the address book, the profile.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvLine, CsvReport } from '../../../shared/admin-import.contract.ts';
import { addresses, products, profiles } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setAdmin } from './admin.queries.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Meera');
  await setAdmin(t.database.db, owner.email, true);
});
afterAll(() => t.close());

const CONTROLS = ['\u202e', '\u202d', '\u202a', '\u202b', '\u202c', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const DIRECTION = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('direction controls', () => {
  it.each(CONTROLS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))('%s is kept out of a product’s name and texts from the admin API', async (_name, c) => {
    const res = await send(
      t,
      'POST',
      '/api/admin/products',
      {
        name: `Silk Saree ${c}0001₹`,
        price: 1_999_00,
        stock: 5,
        description: `Handwoven ${c}in Kanchipuram.`,
        fullDescription: `Zari ${c}border.\n\nSecond ${c}paragraph.`,
        keyHighlights: [{ label: `Fab${c}ric`, text: `Pure ${c}silk` }],
      },
      owner.cookie,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.name).toBe('Silk Saree 0001₹');
    expect(JSON.stringify(row)).not.toMatch(DIRECTION);
  });

  it('are kept out of a name imported from a CSV file', async () => {
    const csv = `name,price\n"Cotton ‮Saree ‭Blue",1299\n`;
    const res = await t.app.request('/api/admin/uploads/csv?dryRun=false', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', Cookie: owner.cookie }, body: csv });
    expect(res.status).toBe(200);
    const report = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as CsvLine).at(-1) as CsvReport;
    const made = report.rows.find((r) => r.row === 2)!;
    expect(made.outcome).toBe('created');
    const [row] = await t.database.db.select({ name: products.name }).from(products).where(eq(products.id, made.productId!));
    expect(row!.name).toBe('Cotton Saree Blue');
  });

  it('are kept out of an address and a profile’s name', async () => {
    const shopper = await signedUp(t, 'Asha');
    const address = await send(t, 'POST', '/api/addresses', { name: 'Asha ‮Rao', phone: '9876543210', house: 'Flat ⁦4B', street: 'MG ‏Road', city: 'Bengaluru‎', state: 'Karnataka', pincode: '560001' }, shopper.cookie);
    expect(address.status, await address.clone().text()).toBe(201);
    const [stored] = await t.database.db.select().from(addresses).where(eq(addresses.userId, shopper.id));
    expect(stored).toMatchObject({ name: 'Asha Rao', house: 'Flat 4B', street: 'MG Road', city: 'Bengaluru' });

    const profile = await send(t, 'PUT', '/api/profile', { firstName: 'As‮ha', lastName: '‭Iyer', phone: '9876543210', gender: 'female' }, shopper.cookie);
    expect(profile.status, await profile.clone().text()).toBe(200);
    const [me] = await t.database.db.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.id, shopper.id));
    expect(me).toEqual({ firstName: 'Asha', lastName: 'Iyer' });
  });
});
