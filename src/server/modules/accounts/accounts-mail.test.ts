/**
 * The accounts mails over real SMTP (smtp-server + mailparser): what a shopper receives, and the
 * links in it followed to the end.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailSender } from '../mail/mail.service.ts';
import { smtpTransport } from '../mail/mail.transports.ts';
import { newShopper, PASSWORD, post, send } from '../../test/accounts-kit.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const FROM = '"Vastra" <care@vastra.in>';
let t: TestApp;
let inbox: SmtpInbox;
let sender: ReturnType<typeof createMailSender>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ publicUrl: 'https://shop.example', mailWritten: () => sender.nudge() });
  sender = createMailSender(t.database.db, smtpTransport(inbox.url, FROM), () => {});
  sender.start(60_000);
});
afterAll(async () => {
  await sender.stop();
  await inbox.close();
  await t.close();
});

/** The link in a received mail, as a path on the test app (it points at PUBLIC_URL). */
const linkIn = (text: string) => {
  const url = new URL(/https:\/\/shop\.example\/\S+/.exec(text)![0]);
  return url.pathname + url.search;
};

it('sends the verification mail on sign-up, readable, from the shop, and its link verifies', async () => {
  const s = newShopper('Meera');
  await post(t, '/api/accounts/signup', s);
  const [mail] = await inbox.waitFor(1);
  expect(mail!.from!.value).toEqual([{ name: 'Vastra', address: 'care@vastra.in' }]);
  expect(mail!.to).toMatchObject({ text: s.email });
  expect(mail!.subject).toBe('Verify your email for Vastra');
  expect(mail!.text).toContain('Hello Meera,');
  expect(mail!.html).toContain('Verify email');
  const link = linkIn(mail!.text!);
  expect(mail!.html).toContain(`https://shop.example${link.replace(/&/g, '&amp;')}`);
  const res = await send(t, 'GET', link);
  expect(res.headers.get('Location')).toBe('/login?email-verification=verified');
});

it('over HTTPS the session cookie is Secure and __Secure- prefixed', async () => {
  const res = await post(t, '/api/accounts/signup', newShopper('Farah'));
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
  expect(cookie).toMatch(/^__Secure-vastra\.session_token=/);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/HttpOnly/i);
  // And the session middleware reads it back.
  const me = await send(t, 'GET', '/api/accounts/session', undefined, cookie.split(';')[0]);
  expect((await me.json()).shopper).not.toBeNull();
  await inbox.waitFor(2); // its verification mail, so the next test counts from here
});

it('sends the reset mail; its link sets a new password once', async () => {
  const s = newShopper('Asha');
  await post(t, '/api/accounts/signup', s);
  await inbox.waitFor(3);
  await post(t, '/api/accounts/password-reset', { email: s.email });
  const mails = await inbox.waitFor(4);
  const mail = mails[3]!;
  expect(mail.subject).toBe('Reset your Vastra password');
  expect(mail.text).toMatch(/works once, for 60 minutes/);
  const token = new URL(linkIn(mail.text!), 'https://shop.example').searchParams.get('token');
  const body = { token, password: 'Kanjivaram@1', confirmPassword: 'Kanjivaram@1' };
  expect((await post(t, '/api/accounts/password-reset/confirm', body)).status).toBe(200);
  expect((await post(t, '/api/accounts/password-reset/confirm', body)).status).toBe(400);
  expect((await post(t, '/api/accounts/login', { email: s.email, password: PASSWORD })).status).toBe(401);
  expect((await post(t, '/api/accounts/login', { email: s.email, password: 'Kanjivaram@1' })).status).toBe(200);
});
