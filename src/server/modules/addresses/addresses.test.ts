/**
 * The address book API (spec §3 address, §5 Address, §7 addresses) on PGlite and PostgreSQL: a
 * shopper lists, adds, edits and deletes only their own addresses, every field is checked with the
 * spec's words (joined by commas without trailing periods), and the book holds at most 20, even
 * when additions race.
 */
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDIA_ONLY, STATE_NOT_LISTED } from '../../../shared/address.contract.ts';
import { MAX_ADDRESSES, type Address } from '../../../shared/addresses.ts';
import { addresses } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MEERA_HOME } from '../../../shared/contract-kit.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let meera: Shopper;
let arjun: Shopper;

beforeAll(async () => {
  t = await createTestApp();
  meera = await signedUp(t, 'Meera');
  arjun = await signedUp(t, 'Arjun');
});
afterAll(() => t.close());

const home = MEERA_HOME;
const office = {
  name: 'Arjun Rao',
  phone: '9123456780',
  house: '221/B',
  street: 'MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  country: 'India',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND = { code: 'not_found', message: 'Address not found.' };

const addAddress = (body: unknown, s: Shopper) => send(t, 'POST', '/api/addresses', body, s.cookie);
const putAddress = (id: string, body: unknown, s: Shopper) => send(t, 'PUT', `/api/addresses/${id}`, body, s.cookie);
const deleteAddress = (id: string, s: Shopper) => send(t, 'DELETE', `/api/addresses/${id}`, undefined, s.cookie);

async function book(s: Shopper): Promise<Address[]> {
  const res = await send(t, 'GET', '/api/addresses', undefined, s.cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Address[] }).items;
}

async function added(body: unknown, s: Shopper): Promise<Address> {
  const res = await addAddress(body, s);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json as Address;
}

const rowsOf = async (s: Shopper) => (await t.database.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, s.id)))[0]!.n;
const clearBook = (s: Shopper) => t.database.db.delete(addresses).where(eq(addresses.userId, s.id));

describe('the address book', () => {
  it('starts empty', async () => {
    const res = await send(t, 'GET', '/api/addresses', undefined, meera.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ items: [] });
  });

  it('adds an address (201), India by default, and lists it', async () => {
    const res = await addAddress(home, meera);
    expect(res.status).toBe(201);
    const address = (await res.json()) as Address;
    expect(address).toEqual({ ...home, country: 'India', id: expect.stringMatching(UUID), createdAt: expect.any(String) });
    expect(Math.abs(Date.parse(address.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await book(meera)).toEqual([address]);
  });

  it('stores what was typed tidied: trimmed, spaces folded, the state and country spelt properly', async () => {
    const address = await added(
      {
        name: '  Meera   Krishnan ',
        phone: ' 9876543210 ',
        house: ' No. 7,  Second  Floor ',
        street: '\tAnna   Salai\n',
        city: ' new  delhi ',
        state: '  tamil   NADU ',
        pincode: ' 600002 ',
        country: ' india ',
      },
      meera,
    );
    expect(address).toMatchObject({
      name: 'Meera Krishnan',
      phone: '9876543210',
      house: 'No. 7, Second Floor',
      street: 'Anna Salai',
      city: 'new delhi',
      state: 'Tamil Nadu',
      pincode: '600002',
      country: 'India',
    });
  });

  it('takes control characters as spaces (a NUL cannot be stored), and a state as the list spells it with &', async () => {
    const address = await added({ ...home, house: 'Flat\u0000 4', street: 'Anna\u0007Salai', city: 'Srinagar', state: 'Jammu & Kashmir', pincode: '190001' }, meera);
    expect(address).toMatchObject({ house: 'Flat 4', street: 'Anna Salai', state: 'Jammu and Kashmir' });
    expect((await deleteAddress(address.id, meera)).status).toBe(204);
    const res = await addAddress({ ...home, house: '\u0000' }, meera);
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({ house: 'House/Flat is required.' });
  });

  describe('PIN against state (India Post directory, issue 17)', () => {
    it("refuses a PIN of another state with both states named, and writes nothing", async () => {
      const before = (await book(meera)).length;
      const res = await addAddress({ ...home, state: 'Kerala', pincode: '600004' }, meera);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ fields: { pincode: 'Pincode 600004 is in Tamil Nadu, not Kerala.' } });
      expect((await book(meera)).length).toBe(before);
    });

    it('refuses a PIN the directory does not know, after the six-digit rule', async () => {
      const unknown = await addAddress({ ...home, pincode: '999999' }, meera);
      expect(unknown.status).toBe(422);
      expect((await unknown.json()).fields).toEqual({ pincode: 'We could not find this pincode. Please check it.' });
      const short = await addAddress({ ...home, pincode: '60008' }, meera);
      expect((await short.json()).fields).toEqual({ pincode: 'Pincode must be 6 digits.' });
      // Devanagari and full-width digits are digits to Unicode, not to a PIN.
      for (const pincode of ['६०००८६', '６０００８６', '60008a', '6000867', 'x'.repeat(10_000)]) {
        const res = await addAddress({ ...home, pincode }, meera);
        expect(res.status).toBe(422);
        expect((await res.json()).fields).toEqual({ pincode: 'Pincode must be 6 digits.' });
      }
    });

    it('refuses an edit that moves the PIN out of the state, leaving the address as it was', async () => {
      const address = await added(home, meera);
      const res = await putAddress(address.id, { ...home, pincode: '560001' }, meera);
      expect(res.status).toBe(422);
      expect((await res.json()).fields).toEqual({ pincode: 'Pincode 560001 is in Karnataka, not Tamil Nadu.' });
      expect((await book(meera)).find((a) => a.id === address.id)?.pincode).toBe('600086');
      await deleteAddress(address.id, meera);
    });

    it('takes a PIN that straddles two states with either of them', async () => {
      for (const state of ['Telangana', 'Andhra Pradesh']) {
        const address = await added({ ...home, city: 'Hanumakonda', state, pincode: '506003' }, meera);
        await deleteAddress(address.id, meera);
      }
    });
  });

  it('takes a name in any script: Devanagari, Tamil', async () => {
    for (const name of ['मीरा अय्यर', 'மீனா சுப்ரமணியம்']) {
      expect((await added({ ...home, name }, meera)).name).toBe(name);
    }
  });

  it('lists the newest first (spec §7)', async () => {
    const items = await book(meera);
    expect(items.map((a) => a.name)).toEqual(['மீனா சுப்ரமணியம்', 'मीरा अय्यर', 'Meera Krishnan', 'Meera Iyer']);
    const times = items.map((a) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('edits an address: every field, the id and creation time kept', async () => {
    const [first] = await book(meera);
    const res = await putAddress(first!.id, { ...office, state: 'karnataka' }, meera);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...office, id: first!.id, createdAt: first!.createdAt });
    expect((await book(meera))[0]).toEqual({ ...office, id: first!.id, createdAt: first!.createdAt });
  });

  it('deletes an address (204), and deleting it again is no error', async () => {
    const [first, ...rest] = await book(meera);
    for (let i = 0; i < 2; i++) {
      const res = await deleteAddress(first!.id, meera);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
    }
    expect(await book(meera)).toEqual(rest);
  });

  it('answers 404 “Address not found.” to edit one that is not there, and 204 to delete it', async () => {
    const gone = crypto.randomUUID();
    const res = await putAddress(gone, home, meera);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
    expect((await deleteAddress(gone, meera)).status).toBe(204);
    expect(await rowsOf(meera)).toBe(3);
  });

  it.each(['abc', '0', '1', `${crypto.randomUUID()}x`, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', "1' or '1'='1"])(
    'answers 404 “Address not found.” for the id %s',
    async (id) => {
      const path = encodeURIComponent(id);
      for (const res of [await putAddress(path, home, meera), await deleteAddress(path, meera)]) {
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual(NOT_FOUND);
      }
      expect(await rowsOf(meera)).toBe(3);
    },
  );
});

/** A field's 422: the message without its period, the field with it. */
const oneProblem = (field: string, message: string) => ({ code: 'invalid', message: message.replace(/\.$/, ''), fields: { [field]: message } });

describe('what an address must be (spec §5)', () => {
  const long = (n: number) => 'a'.repeat(n);
  it.each([
    ['name', undefined, 'Name must be at least 2 characters.'],
    ['name', '', 'Name must be at least 2 characters.'],
    ['name', '   ', 'Name must be at least 2 characters.'],
    ['name', 'M', 'Name must be at least 2 characters.'],
    ['name', 'Meera2', 'Name must contain only letters and spaces.'],
    ['name', 'Meera_Iyer', 'Name must contain only letters and spaces.'],
    ['name', 42, 'Name must be at least 2 characters.'],
    ['name', long(61), 'Name must be at most 60 characters.'],
    ['phone', undefined, 'Phone must be 10 digits.'],
    ['phone', '98765', 'Phone must be 10 digits.'],
    ['phone', '98765432100', 'Phone must be 10 digits.'],
    ['phone', '98765 43210', 'Phone must be 10 digits.'],
    ['phone', '+919876543210', 'Phone must be 10 digits.'],
    ['phone', '98765abcde', 'Phone must be 10 digits.'],
    ['phone', 9876543210, 'Phone must be 10 digits.'],
    ['phone', '5876543210', 'Please enter a valid Indian mobile number'],
    ['phone', '9'.repeat(5000), 'Phone must be 10 digits.'],
    ['house', undefined, 'House/Flat is required.'],
    ['house', ' ', 'House/Flat is required.'],
    ['house', '---', 'House/Flat must contain valid characters.'],
    ['house', long(121), 'House/Flat must be at most 120 characters.'],
    ['street', null, 'Street/Address is required.'],
    ['street', '', 'Street/Address is required.'],
    ['street', '#/,.', 'Street/Address must contain valid characters.'],
    ['street', long(121), 'Street/Address must be at most 120 characters.'],
    ['city', undefined, 'City is required.'],
    ['city', 'C', 'City must be at least 2 characters.'],
    ['city', 'Chennai 1', 'City must contain only letters and spaces.'],
    ['city', long(61), 'City must be at most 60 characters.'],
    ['state', undefined, 'State is required.'],
    ['state', 'T', 'State must be at least 2 characters.'],
    ['state', 'Tamil Nadu 2', 'State must contain only letters and spaces.'],
    ['state', 'Atlantis', STATE_NOT_LISTED],
    ['state', long(61), 'State must be at most 60 characters.'],
    ['pincode', undefined, 'Pincode must be 6 digits.'],
    ['pincode', '60008', 'Pincode must be 6 digits.'],
    ['pincode', '6000861', 'Pincode must be 6 digits.'],
    ['pincode', '600 086', 'Pincode must be 6 digits.'],
    ['pincode', 600086, 'Pincode must be 6 digits.'],
    ['pincode', '012345', 'Please enter a valid pincode.'],
    ['country', '', 'Country is required.'],
    ['country', null, 'Country is required.'],
    ['country', 'I', 'Country must be at least 2 characters.'],
    ['country', 'India 1', 'Country must contain only letters and spaces.'],
    ['country', 'Nepal', INDIA_ONLY],
    ['country', long(61), 'Country must be at most 60 characters.'],
  ])('refuses the %s %j with “%s”, and saves nothing', async (field, value, message) => {
    const before = await rowsOf(arjun);
    const res = await addAddress({ ...home, [field]: value }, arjun);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(oneProblem(field, message));
    expect(await rowsOf(arjun)).toBe(before);
  });

  it('takes every field at its longest', async () => {
    const address = await added(
      { ...home, name: 'M'.repeat(60), house: '1'.repeat(120), street: 'S'.repeat(120), city: 'C'.repeat(60) },
      arjun,
    );
    expect(address).toMatchObject({ name: 'M'.repeat(60), house: '1'.repeat(120), street: 'S'.repeat(120), city: 'C'.repeat(60) });
    await deleteAddress(address.id, arjun);
  });

  it('names every problem of an empty form, in the spec’s words, joined by commas without periods', async () => {
    const res = await addAddress({}, arjun);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'invalid',
      message: [
        'Name must be at least 2 characters',
        'Phone must be 10 digits',
        'House/Flat is required',
        'Street/Address is required',
        'City is required',
        'State is required',
        'Pincode must be 6 digits',
      ].join(', '),
      fields: {
        name: 'Name must be at least 2 characters.',
        phone: 'Phone must be 10 digits.',
        house: 'House/Flat is required.',
        street: 'Street/Address is required.',
        city: 'City is required.',
        state: 'State is required.',
        pincode: 'Pincode must be 6 digits.',
      },
    });
  });

  it('checks an edit as it checks an addition, and changes nothing when it fails', async () => {
    const mine = await added(home, arjun);
    const res = await putAddress(mine.id, { ...home, phone: '123', pincode: '0' }, arjun);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'invalid',
      message: 'Phone must be 10 digits, Pincode must be 6 digits',
      fields: { phone: 'Phone must be 10 digits.', pincode: 'Pincode must be 6 digits.' },
    });
    expect((await book(arjun)).find((a) => a.id === mine.id)).toEqual(mine);
  });

  it('ignores fields it does not know: never another owner, id or creation time', async () => {
    const fake = crypto.randomUUID();
    const address = await added(
      { ...home, id: fake, userId: meera.id, user_id: meera.id, createdAt: '2000-01-01T00:00:00.000Z', isDefault: true },
      arjun,
    );
    expect(address.id).not.toBe(fake);
    expect(address.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(Object.keys(address).sort()).toEqual(['city', 'country', 'createdAt', 'house', 'id', 'name', 'phone', 'pincode', 'state', 'street']);
    const [row] = await t.database.db.select({ userId: addresses.userId }).from(addresses).where(eq(addresses.id, address.id));
    expect(row!.userId).toBe(arjun.id);
    expect((await book(meera)).map((a) => a.id)).not.toContain(address.id);

    const edited = await putAddress(address.id, { ...office, id: fake, userId: meera.id }, arjun);
    expect(edited.status).toBe(200);
    expect(await edited.json()).toEqual({ ...office, id: address.id, createdAt: address.createdAt });
    const [after] = await t.database.db.select({ userId: addresses.userId }).from(addresses).where(eq(addresses.id, address.id));
    expect(after!.userId).toBe(arjun.id);
  });

  it('refuses what is not a JSON object: 400 for broken JSON, 415 for a form or text, 413 for 1 MB, 403 from another site', async () => {
    const before = await rowsOf(arjun);
    const raw = (type: string, body: string) =>
      t.app.request('/api/addresses', { method: 'POST', headers: { Cookie: arjun.cookie, 'Content-Type': type }, body });
    const broken = await raw('application/json', '{"name": "Meera"');
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe('bad_request');
    for (const body of ['[]', 'null', '"x"', '7']) {
      const res = await raw('application/json', body);
      expect(res.status, body).toBe(422);
      expect((await res.json()).code).toBe('invalid');
    }
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await raw(type, JSON.stringify(home));
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ code: 'unsupported_media_type', message: 'Send JSON (Content-Type: application/json).' });
    }
    const big = await addAddress({ ...home, street: 'x'.repeat(1024 * 1024) }, arjun);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 'too_large', message: 'This request is too large.' });
    const cross = await send(t, 'POST', '/api/addresses', home, arjun.cookie, { 'Sec-Fetch-Site': 'cross-site' });
    expect(cross.status).toBe(403);
    const [mine] = await book(arjun);
    const bigEdit = await putAddress(mine!.id, { ...home, pad: 'x'.repeat(1024 * 1024) }, arjun);
    expect(bigEdit.status).toBe(413);
    expect(await book(arjun)).toContainEqual(mine);
    expect(await rowsOf(arjun)).toBe(before);
  });
});

describe('whose addresses', () => {
  it('needs a session: 401 for every call, even with a bad id or body', async () => {
    const id = (await book(meera))[0]!.id;
    for (const [method, url, body] of [
      ['GET', '/api/addresses', undefined],
      ['POST', '/api/addresses', home],
      ['POST', '/api/addresses', {}],
      ['PUT', `/api/addresses/${id}`, office],
      ['PUT', '/api/addresses/abc', {}],
      ['DELETE', `/api/addresses/${id}`, undefined],
      ['DELETE', '/api/addresses/abc', undefined],
    ] as const) {
      for (const cookie of [undefined, 'vastra.session_token=forged.cookie']) {
        const res = await send(t, method, url, body, cookie);
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(await res.json()).toEqual({ code: 'sign_in_required', message: 'Please log in to continue.' });
      }
    }
    expect((await book(meera))[0]!.id).toBe(id);
  });

  it('lists only the shopper’s own', async () => {
    const meeras = await book(meera);
    const arjuns = await book(arjun);
    expect(meeras.length).toBeGreaterThan(0);
    expect(arjuns.length).toBeGreaterThan(0);
    const ids = new Set(meeras.map((a) => a.id));
    expect(arjuns.some((a) => ids.has(a.id))).toBe(false);
    const total = (await t.database.db.select({ n: count() }).from(addresses))[0]!.n;
    expect(meeras.length + arjuns.length).toBe(total);
  });

  it('answers 404 to an edit of another shopper’s address by its real id, and leaves it as it was', async () => {
    const [target] = await book(meera);
    const res = await putAddress(target!.id, office, arjun);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
    expect((await book(meera))[0]).toEqual(target);
  });

  it('answers 204 to a delete of another shopper’s address by its real id, and leaves it in place', async () => {
    const before = await book(meera);
    const res = await deleteAddress(before[0]!.id, arjun);
    expect(res.status).toBe(204);
    expect(await book(meera)).toEqual(before);
  });
});

describe(`a full book (${MAX_ADDRESSES} addresses)`, () => {
  it('never holds more than the limit when additions race: the rest get 409 address_book_full', async () => {
    await clearBook(arjun);
    const answers = await Promise.all(Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) => addAddress({ ...home, house: `Flat ${i}` }, arjun)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ADDRESSES);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(await res.json()).toEqual({
        code: 'address_book_full',
        message: 'You can keep up to 20 addresses. Please delete one you no longer use.',
      });
    }
    expect(await rowsOf(arjun)).toBe(MAX_ADDRESSES);
    expect(await book(arjun)).toHaveLength(MAX_ADDRESSES);
  });

  it('refuses one more, still edits, and takes a new one once one is deleted', async () => {
    const full = await addAddress(office, arjun);
    expect(full.status).toBe(409);
    expect((await full.json()).code).toBe('address_book_full');
    const [newest, second] = await book(arjun);
    expect((await putAddress(newest!.id, office, arjun)).status).toBe(200);
    expect((await deleteAddress(second!.id, arjun)).status).toBe(204);
    await added(office, arjun);
    expect(await rowsOf(arjun)).toBe(MAX_ADDRESSES);
    expect((await addAddress(office, arjun)).status).toBe(409);
  });

  it('does not count one shopper’s addresses against another’s book', async () => {
    const before = await rowsOf(meera);
    await added(home, meera);
    expect(await rowsOf(meera)).toBe(before + 1);
  });
});
