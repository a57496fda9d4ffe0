/**
 * With REQUIRE_EMAIL_VERIFICATION on (design.md): sign-up does not sign in, login waits for the
 * mailed link (and sends a fresh one, within limits), and an expired link is refused.
 */
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { linkInMail, newShopper, PASSWORD, post, send, sessionCookie } from '../../test/accounts-kit.ts';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ requireEmailVerification: true });
});
afterAll(() => t.close());

it('signs up without a session, refuses login until the link is opened, then signs in', async () => {
  const s = newShopper('Ritu');
  const signup = await post(t, '/api/accounts/signup', s);
  expect(signup.status).toBe(200);
  expect(await signup.json()).toEqual({ signedIn: false });
  expect(signup.headers.getSetCookie()).toEqual([]);

  const early = await post(t, '/api/accounts/login', { email: s.email, password: PASSWORD });
  expect(early.status).toBe(403);
  expect(await early.json()).toMatchObject({ code: 'email_not_verified', message: expect.stringMatching(/^Please verify your email address first/) });
  // A wrong password is still a wrong password: being unverified says nothing about it.
  expect((await post(t, '/api/accounts/login', { email: s.email, password: 'Wrong@2026' })).status).toBe(401);

  const link = await linkInMail(t, s.email, 'verify_email');
  const opened = await send(t, 'GET', link);
  expect(opened.headers.get('Location')).toBe('/login?email-verification=verified');
  const login = await post(t, '/api/accounts/login', { email: s.email, password: PASSWORD });
  expect(login.status).toBe(200);
  expect(sessionCookie(login)).toMatch(/^vastra\.session_token=/);
});

it('refuses an expired link, and the address stays unverified', async () => {
  const s = newShopper('Sita');
  await post(t, '/api/accounts/signup', s);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, s.email));
  const expired = await createEmailVerificationToken(TEST_AUTH_SECRET, s.email, undefined, -60, { userId: user!.id });
  const res = await send(t, 'GET', `/api/accounts/verify-email?token=${expired}`);
  expect(res.headers.get('Location')).toBe('/login?email-verification=expired');
  const [after] = await t.database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, s.email));
  expect(after!.verified).toBe(false);
});
