/**
 * The session reader (session-reader.ts) against better-auth itself, on PGlite and PostgreSQL: a
 * cookie the library signed is read in one query and names the shopper the library names; what the
 * reader leaves to the library (renewal, an ended session, a forged cookie) the library still does
 * (accounts.test.ts "sessions" holds those through the API). If an upgrade changes the cookie's
 * name or signed form, the first test here fails: the package is pinned for that reason.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../test/test-app.ts';
import { dueForRenewal, verifiedToken } from './session-reader.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The reader's answer for a Cookie header that carries the session cookie (a promise, not null). */
const readSession = (cookie: string) => t.shop.readSession(cookie)!;

/** The signed value of the session cookie in a Cookie header. */
const signedValue = (cookie: string) => /vastra\.session_token=([^;]*)/.exec(cookie)![1]!;

describe('the session reader', () => {
  it('reads a cookie better-auth signed: the token of the session row, and the shopper the library names, with no cookie to set', async () => {
    const s = await signedUp(t, 'Lata');
    const token = verifiedToken(signedValue(s.cookie), TEST_AUTH_SECRET);
    const [row] = await t.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, s.id));
    expect(token, 'better-auth signs its session cookie as better-call 1.4.5 did').toBe(row!.token);

    const byReader = await readSession(s.cookie);
    const byLibrary = await t.shop.auth.api.getSession({ headers: new Headers({ cookie: s.cookie }) });
    expect(byReader).toEqual({ shopper: { id: byLibrary!.user.id, email: byLibrary!.user.email, emailVerified: byLibrary!.user.emailVerified }, setCookies: [] });
  });

  it('takes no cookie whose signature is not the shop’s: another secret, a changed token, a cut signature, bad escapes', async () => {
    const s = await signedUp(t, 'Nila');
    const value = signedValue(s.cookie);
    expect(verifiedToken(value, 'another-secret-another-shop')).toBeNull();
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    expect(verifiedToken(encodeURIComponent(`${token}x.${signature}`), TEST_AUTH_SECRET)).toBeNull();
    expect(verifiedToken(encodeURIComponent(`${token}.${signature.slice(1)}`), TEST_AUTH_SECRET)).toBeNull();
    expect(verifiedToken('%E0%A4%A', TEST_AUTH_SECRET)).toBeNull();
    expect(verifiedToken(`.${signature}`, TEST_AUTH_SECRET)).toBeNull();
    // And a request with it is a visitor's; a request without the cookie is one at once.
    expect(t.shop.readSession('theme=dark; vastra.other=1')).toBeNull();
    expect(t.shop.readSession(undefined)).toBeNull();
    expect((await readSession(`vastra.session_token=${encodeURIComponent(`${token}x.${signature}`)}`)).shopper).toBeNull();
  });

  it('leaves a session due for its daily renewal to the library, which moves its end on and renews the cookie', async () => {
    const s = await signedUp(t, 'Kavya');
    const dayAndAMinuteOld = new Date(Date.now() + (30 * 24 * 3600 - 24 * 3600 - 60) * 1000);
    expect(dueForRenewal(dayAndAMinuteOld)).toBe(true);
    expect(dueForRenewal(new Date(Date.now() + (30 * 24 * 3600 - 24 * 3600 + 60) * 1000))).toBe(false);
    await t.database.db.update(sessions).set({ expiresAt: dayAndAMinuteOld }).where(eq(sessions.userId, s.id));
    const read = await readSession(s.cookie);
    expect(read.shopper?.id).toBe(s.id);
    expect(read.setCookies.join()).toMatch(/vastra\.session_token=.*Max-Age=2592000/);
    // Renewed: the next read is the reader's own again.
    expect(await readSession(s.cookie)).toEqual({ shopper: read.shopper, setCookies: [] });
  });

  it('leaves a request with the library’s other cookies to the library, which clears a cached session it does not use', async () => {
    const s = await signedUp(t, 'Ira');
    const read = await readSession(`${s.cookie}; vastra.session_data=stale`);
    expect(read.shopper?.id).toBe(s.id);
    expect(read.setCookies.join()).toMatch(/vastra\.session_data=;/);
  });
});
