/**
 * The profile API (spec §2 Profile, §5, §8) on PGlite and PostgreSQL: a shopper reads and edits
 * only their own, never another's, never their email or admin flag; without a session, 401.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let meera: Awaited<ReturnType<typeof signedUp>>;
let arjun: Awaited<ReturnType<typeof signedUp>>;
beforeAll(async () => {
  t = await createTestApp();
  meera = await signedUp(t, 'Meera');
  arjun = await signedUp(t, 'Arjun', { gender: 'male' });
});
afterAll(() => t.close());

const get = (cookie?: string) => send(t, 'GET', '/api/profile', undefined, cookie);
const put = (body: unknown, cookie?: string) => send(t, 'PUT', '/api/profile', body, cookie);
const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const edit = {
  firstName: 'Meera',
  lastName: 'Krishnan',
  phone: '9123456780',
  gender: 'female',
  addressHouse: 'Flat 4B, Lotus Apartments',
  addressLine: '12 Cathedral Road',
  addressCity: 'Chennai',
  addressState: 'Tamil Nadu',
  addressPin: '600086',
};

describe('the profile', () => {
  it('shows the shopper’s own', async () => {
    const res = await get(meera.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      email: meera.email,
      firstName: 'Meera',
      lastName: 'Iyer',
      phone: '9876543210',
      gender: 'female',
      addressHouse: null,
      addressLine: null,
      addressCity: null,
      addressState: null,
      addressPin: null,
      orderUpdates: false,
    });
  });

  it('saves an edit, and clears a field left empty', async () => {
    const res = await put({ ...edit, lastName: '' }, meera.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ...edit, lastName: null, email: meera.email });
    expect(await (await get(meera.cookie)).json()).toMatchObject({ addressPin: '600086', lastName: null });
  });

  it('never changes another shopper’s, nor the email, the admin flag or the id', async () => {
    const arjunId = await idOf(arjun.email);
    const res = await put({ ...edit, firstName: 'Hacker', id: arjunId, email: 'evil@example.com', isAdmin: true, is_admin: true }, meera.cookie);
    expect(res.status).toBe(200);
    const rows = await t.database.db.select().from(profiles);
    const arjunRow = rows.find((r) => r.id === arjunId)!;
    expect(arjunRow.firstName).toBe('Arjun');
    const meeraRow = rows.find((r) => r.email === meera.email)!;
    expect(meeraRow).toMatchObject({ firstName: 'Hacker', isAdmin: false });
    expect(rows.some((r) => r.email === 'evil@example.com')).toBe(false);
    expect((await (await get(arjun.cookie)).json()).firstName).toBe('Arjun');
  });

  it('answers every invalid field in the spec’s words, and saves none of them', async () => {
    const res = await put(
      { firstName: 'M', lastName: 'K2', phone: '12345', addressHouse: '---', addressCity: 'Chennai 1', addressPin: '6000' },
      meera.cookie,
    );
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({
      firstName: 'Must be at least 2 characters.',
      lastName: 'Only letters and spaces are allowed.',
      phone: 'Phone must be 10 digits.',
      addressHouse: 'House/Flat must contain valid characters.',
      addressCity: 'City must contain only letters and spaces.',
      addressPin: 'Pin code must be 6 digits.',
    });
    expect((await (await get(meera.cookie)).json()).addressPin).toBe('600086');
  });

  it('needs a session: 401 to read or to change', async () => {
    expect((await get()).status).toBe(401);
    const res = await put(edit);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'sign_in_required' });
    expect((await get('vastra.session_token=forged.cookie')).status).toBe(401);
  });

  it('says “Profile not found.” for an account without one', async () => {
    const s = await signedUp(t, 'Ghost');
    await t.database.db.delete(profiles).where(eq(profiles.id, await idOf(s.email)));
    const res = await get(s.cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Profile not found.' });
    expect((await put(edit, s.cookie)).status).toBe(404);
  });
});
