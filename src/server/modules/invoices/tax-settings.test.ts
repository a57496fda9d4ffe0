/**
 * The shop's tax registration over HTTP (issue 18), on PGlite and PostgreSQL: the owner's alone;
 * a GSTIN checked by shape, check character and state; hostile input refused with its words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../../shared/gstin.ts';
import type { TaxSettings } from '../../../shared/tax-settings.contract.ts';
import { taxSettings } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { taxSettingsFrom } from './tax-settings.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let shopper: Awaited<ReturnType<typeof signedUp>>;

const TN = `33ABCDE1234F1Z${gstinCheckChar('33ABCDE1234F1Z')}`;
const SHOP = { registered: true, legalName: 'Vastra Textiles LLP', tradingName: 'Vastra', address: '12 Pondy Bazaar\nT. Nagar, Chennai 600017', state: 'Tamil Nadu', gstin: TN, invoicePrefix: 'VST' };
const save = (body: unknown, who = owner) => send(t, 'PUT', '/api/admin/tax-settings', body, who.cookie);
const fields = async (res: Response) => ((await res.json()) as { fields: Record<string, string> }).fields;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Kamala');
  shopper = await signedUp(t, 'Meera');
  await t.shop.owners.setOwner(owner.email, true);
});
afterAll(() => t.close());

describe('the tax settings', () => {
  it('are none until the owner saves them, then read back as saved', async () => {
    expect(await (await send(t, 'GET', '/api/admin/tax-settings', undefined, owner.cookie)).json()).toEqual({ settings: null });
    const res = await save({ ...SHOP, gstin: TN.toLowerCase() });
    expect(res.status).toBe(200);
    const saved = { ...SHOP, state: 'Tamil Nadu' } satisfies TaxSettings;
    expect(await res.json()).toEqual({ settings: saved });
    expect(await (await send(t, 'GET', '/api/admin/tax-settings', undefined, owner.cookie)).json()).toEqual({ settings: saved });
  });

  it('are the owner’s: a visitor 401, a customer 403, and nothing changes', async () => {
    expect((await t.get('/api/admin/tax-settings')).status).toBe(401);
    expect((await send(t, 'GET', '/api/admin/tax-settings', undefined, shopper.cookie)).status).toBe(403);
    expect((await save({ ...SHOP, legalName: 'Someone Else' }, shopper)).status).toBe(403);
    expect(((await (await send(t, 'GET', '/api/admin/tax-settings', undefined, owner.cookie)).json()) as { settings: TaxSettings }).settings.legalName).toBe('Vastra Textiles LLP');
  });

  it('refuse hostile input with the words, and write nothing', async () => {
    const typo = TN.slice(0, 5) + (TN[5] === 'A' ? 'B' : 'A') + TN.slice(6);
    for (const [body, field, message] of [
      [{ ...SHOP, gstin: typo }, 'gstin', 'This GSTIN’s last character does not match: please check it for a typing mistake.'],
      [{ ...SHOP, state: 'Kerala' }, 'gstin', 'This GSTIN is registered in state code 33, not Kerala.'],
      [{ ...SHOP, gstin: '３３ABCDE1234F1Z5' }, 'gstin', 'A GSTIN is 15 characters, such as 33ABCDE1234F1Z5.'],
      [{ ...SHOP, gstin: 'A'.repeat(10_000) }, 'gstin', 'A GSTIN is 15 characters, such as 33ABCDE1234F1Z5.'],
      [{ ...SHOP, legalName: 'x'.repeat(10_000) }, 'legalName', 'Legal name must be at most 120 characters.'],
      [{ ...SHOP, invoicePrefix: '../' }, 'invoicePrefix', 'The invoice prefix is 1 to 4 letters or digits, such as VST.'],
      [{ ...SHOP, address: 'a\nb\nc\nd\ne\nf\ng' }, 'address', 'The registered address must be at most 6 lines and 400 characters.'],
      [{ ...SHOP, state: '<script>' }, 'state', 'Choose the state the shop is registered in.'],
    ] as const) {
      const res = await save(body);
      expect(res.status, message).toBe(422);
      expect((await fields(res))[field]).toBe(message);
    }
    expect((await t.database.db.select().from(taxSettings)).map((r) => (r.value as TaxSettings).gstin)).toEqual([TN]);
  });

  it('keep no GSTIN for a shop that is not registered (a bill of supply)', async () => {
    const res = await save({ ...SHOP, registered: false, gstin: 'whatever' });
    expect(((await res.json()) as { settings: TaxSettings }).settings).toMatchObject({ registered: false, gstin: null });
    await save(SHOP);
  });

  it('stored by hand in a shape that no longer passes count as none, said in the log', () => {
    const lines: string[] = [];
    expect(taxSettingsFrom({ ...SHOP, state: 'Kerala' }, (l) => lines.push(l))).toBeNull();
    expect(lines[0]).toMatch(/^Tax settings are not valid/);
  });
});
