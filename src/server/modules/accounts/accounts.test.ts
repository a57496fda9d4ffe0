/**
 * Accounts through the HTTP API, on PGlite and PostgreSQL: sign-up writes the account, its profile
 * and its mail together; login tells 'No account found' from 'Wrong password' (spec §8); sessions
 * end at logout and at a password reset; reset links work once; every answer is spec-worded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, mailOutbox, profiles, sessions, users, verifications } from '../../db/schema/index.ts';
import { linkInMail, newShopper, PASSWORD, post, send, sessionCookie, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testPasswordHashing } from '../../test/password-hashing.ts';
import { verifyPassword } from 'better-auth/crypto';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const session = (cookie?: string) => send(t, 'GET', '/api/accounts/session', undefined, cookie);

describe('passwords', () => {
  it('are stored as better-auth hashes them, at its full cost, in a shop as it runs (the other tests hash at less)', async () => {
    const shop = await createTestApp({ shopPasswordHashing: true });
    try {
      const s = await signedUp(shop, 'Padma');
      const [row] = await shop.database.db.select({ password: authAccounts.password }).from(authAccounts).innerJoin(users, eq(users.id, authAccounts.userId)).where(eq(users.email, s.email));
      expect(row!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await verifyPassword({ hash: row!.password!, password: PASSWORD })).toBe(true);
      // The tests' cheaper hashing would not read it: the shop's is not the tests'.
      expect(await testPasswordHashing.verify({ hash: row!.password!, password: PASSWORD })).toBe(false);
      expect((await post(shop, '/api/accounts/login', { email: s.email, password: PASSWORD })).status).toBe(200);
    } finally {
      await shop.close();
    }
  });
});

describe('sign-up', () => {
  it('creates the account, its profile and a verification mail, and signs in at once', async () => {
    const s = newShopper('Meera', { firstName: '  Meera  ', lastName: 'Krishnan' });
    const res = await post(t, '/api/accounts/signup', s);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedIn: true });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vastra.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d+/);

    const [profile] = await t.database.db.select().from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(eq(users.email, s.email));
    expect(profile!.profiles).toMatchObject({ firstName: 'Meera', lastName: 'Krishnan', phone: '9876543210', gender: 'female', isAdmin: false, email: s.email });
    const [account] = await t.database.db.select().from(authAccounts).where(eq(authAccounts.userId, profile!.users.id));
    expect(account!.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/); // scrypt salt:key, never the password
    expect(await linkInMail(t, s.email, 'verify_email')).toMatch(/^\/api\/accounts\/verify-email\?token=/);

    const me = await (await session(sessionCookie(res))).json();
    expect(me.shopper).toMatchObject({ email: s.email, emailVerified: false });
  });

  it('refuses an address that has an account with the spec’s 422, whatever its case', async () => {
    const s = await signedUp(t, 'Asha');
    const res = await post(t, '/api/accounts/signup', newShopper('Asha', { email: s.email.toUpperCase() }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'email_taken',
      message: 'An account with this email already exists. Please log in or use a different email.',
    });
  });

  it('answers every field’s message at once, and writes nothing', async () => {
    const before = await t.database.db.$count(users);
    const res = await post(t, '/api/accounts/signup', { firstName: 'M', email: 'not-an-email', phone: '12345', password: 'short' });
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({
      firstName: 'Must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Phone number must be exactly 10 digits',
      gender: 'Please choose an option',
      password: 'Password must be at least 8 characters',
    });
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it('takes names in any script', async () => {
    const res = await post(t, '/api/accounts/signup', newShopper('Meera', { firstName: 'मीरा', lastName: 'கிருஷ்ணன்' }));
    expect(res.status).toBe(200);
  });
});

describe('login', () => {
  it('signs in with a new session, told apart from an unknown address and a wrong password', async () => {
    const s = await signedUp(t, 'Kavya');
    const unknown = await post(t, '/api/accounts/login', { email: 'nobody@example.com', password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: 'no_account', message: 'No account found. Try signing up.' });

    const wrong = await post(t, '/api/accounts/login', { email: s.email, password: 'Wrong@2026' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'wrong_password', message: 'Wrong password. Please try again.' });

    const ok = await post(t, '/api/accounts/login', { email: ` ${s.email.toUpperCase()} `, password: PASSWORD }, s.cookie);
    expect(ok.status).toBe(200);
    const fresh = sessionCookie(ok);
    expect(fresh).not.toBe(s.cookie);
    expect((await (await session(fresh)).json()).shopper.email).toBe(s.email);
    // The session the browser held before ends: one browser, one session.
    expect((await (await session(s.cookie)).json()).shopper).toBeNull();
  });

  it('says what is missing', async () => {
    const res = await post(t, '/api/accounts/login', {});
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({ email: 'Email is required', password: 'Password is required' });
  });
});

describe('logout', () => {
  it('ends the session on the server: the old cookie no longer works', async () => {
    const s = await signedUp(t, 'Divya');
    const res = await post(t, '/api/accounts/logout', undefined, s.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=;/);
    expect((await (await session(s.cookie)).json()).shopper).toBeNull();
    expect((await send(t, 'GET', '/api/profile', undefined, s.cookie)).status).toBe(401);
  });
});

describe('email verification', () => {
  it('verifies by the mailed link; a used link changes nothing and a forged one is refused', async () => {
    const s = await signedUp(t, 'Lakshmi');
    const link = await linkInMail(t, s.email, 'verify_email');
    const res = await send(t, 'GET', link, undefined, s.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/?email-verification=verified');
    expect((await (await session(s.cookie)).json()).shopper.emailVerified).toBe(true);
    expect((await send(t, 'GET', link)).headers.get('Location')).toBe('/login?email-verification=verified');
    const forged = link.slice(0, -6) + (link.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'); // the signature no longer fits
    expect((await send(t, 'GET', forged)).headers.get('Location')).toBe('/login?email-verification=invalid');
    expect((await send(t, 'GET', '/api/accounts/verify-email')).headers.get('Location')).toBe('/login?email-verification=invalid');
  });
});

describe('sending the verification link again', () => {
  it('sends a fresh link to the signed-in shopper, up to 5 an hour, and none once verified', async () => {
    const s = await signedUp(t, 'Hema'); // sign-up sent the first
    const resend = () => post(t, '/api/accounts/verification-mail', undefined, s.cookie);
    for (let n = 2; n <= 5; n++) expect(await (await resend()).json()).toEqual({ sent: true });
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/^Too many emails requested\. Please try again in/);

    await send(t, 'GET', await linkInMail(t, s.email, 'verify_email'));
    expect(await (await resend()).json()).toEqual({ sent: false });
    expect((await post(t, '/api/accounts/verification-mail')).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link; the new password works, the old one and every session end', async () => {
    const s = await signedUp(t, 'Nandini');
    const asked = await post(t, '/api/accounts/password-reset', { email: s.email });
    expect(asked.status).toBe(202);
    const link = await linkInMail(t, s.email, 'reset_password');
    expect(link).toMatch(/^\/reset-password\?token=/);
    const token = new URL(link, 'http://x').searchParams.get('token');

    const mismatch = await post(t, '/api/accounts/password-reset/confirm', { token, password: 'Silk@2027x', confirmPassword: 'Silk@2027y' });
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).fields).toEqual({ confirmPassword: 'Passwords do not match.' });

    const done = await post(t, '/api/accounts/password-reset/confirm', { token, password: 'Silk@2027x', confirmPassword: 'Silk@2027x' });
    expect(done.status).toBe(200);
    expect((await (await session(s.cookie)).json()).shopper).toBeNull();
    expect((await post(t, '/api/accounts/login', { email: s.email, password: PASSWORD })).status).toBe(401);
    expect((await post(t, '/api/accounts/login', { email: s.email, password: 'Silk@2027x' })).status).toBe(200);

    const again = await post(t, '/api/accounts/password-reset/confirm', { token, password: 'Other@2028', confirmPassword: 'Other@2028' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('refuses an expired reset link', async () => {
    const s = await signedUp(t, 'Revathi');
    await post(t, '/api/accounts/password-reset', { email: s.email });
    const token = new URL(await linkInMail(t, s.email, 'reset_password'), 'http://x').searchParams.get('token')!;
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await post(t, '/api/accounts/password-reset/confirm', { token, password: 'Silk@2027x', confirmPassword: 'Silk@2027x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_token', message: 'This reset link has expired or has already been used. Please ask for a new one.' });
    expect((await post(t, '/api/accounts/login', { email: s.email, password: PASSWORD })).status).toBe(200);
  });

  it('answers the same for an address with no account, and mails nothing', async () => {
    const before = await t.database.db.$count(mailOutbox);
    const res = await post(t, '/api/accounts/password-reset', { email: 'nobody@example.com' });
    expect(res.status).toBe(202);
    expect(await t.database.db.$count(mailOutbox)).toBe(before);
  });

  it('mails an address at most 5 reset links an hour', async () => {
    const s = await signedUp(t, 'Gita');
    for (let n = 1; n <= 5; n++) expect((await post(t, '/api/accounts/password-reset', { email: s.email })).status).toBe(202);
    const res = await post(t, '/api/accounts/password-reset', { email: s.email.toUpperCase() });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toMatch(/^Too many emails requested\. Please try again in/);
  });

  it('asks for the address in the spec’s words', async () => {
    const res = await post(t, '/api/accounts/password-reset', { email: '' });
    expect((await res.json()).fields).toEqual({ email: 'Please enter your email to reset password.' });
  });
});

describe('sessions', () => {
  it('a forged or unknown cookie is no session, and is cleared', async () => {
    for (const cookie of ['vastra.session_token=forged.value', 'vastra.session_token=', `vastra.session_token=${'x'.repeat(4000)}`]) {
      const res = await session(cookie);
      expect(res.status, cookie.slice(0, 40)).toBe(200);
      expect((await res.json()).shopper).toBeNull();
    }
  });

  it('renews on use once a day old: a new expiry, and the cookie with it', async () => {
    const s = await signedUp(t, 'Tara');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, s.email));
    // As if signed in two days ago: 28 of its 30 days left.
    const twoDaysOld = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await t.database.db.update(sessions).set({ expiresAt: twoDaysOld }).where(eq(sessions.userId, row!.id));
    const res = await session(s.cookie);
    expect((await res.json()).shopper.email).toBe(s.email);
    expect(res.headers.getSetCookie().join()).toMatch(/vastra\.session_token=.*Max-Age=2592000/);
    const [after] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, row!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('ends when it expires', async () => {
    const s = await signedUp(t, 'Uma');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, s.email));
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, row!.id));
    expect((await (await session(s.cookie)).json()).shopper).toBeNull();
    expect((await send(t, 'GET', '/api/profile', undefined, s.cookie)).status).toBe(401);
  });

  it('lives in the database: removing its row ends it at once', async () => {
    const s = await signedUp(t, 'Pooja');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, s.email));
    await t.database.db.delete(sessions).where(eq(sessions.userId, row!.id));
    expect((await (await session(s.cookie)).json()).shopper).toBeNull();
  });
});
