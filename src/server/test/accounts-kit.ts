/**
 * What the accounts tests do over and over, through the real HTTP API: send JSON, carry a session
 * cookie as a browser would, sign a shopper up, and find the link in the mail they were sent.
 */
import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox, users } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'Saree@2026';

export const newShopper = (name: string, extra: Record<string, unknown> = {}) => ({
  firstName: name,
  lastName: 'Iyer',
  email: `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '9876543210',
  gender: 'female',
  password: PASSWORD,
  ...extra,
});

/** The session cookie an answer set, as `name=value` for the next request's Cookie header. */
export function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!set) throw new Error(`No session cookie in ${res.status} answer`);
  return set.split(';')[0]!;
}

/** Anything with an app to ask: a TestApp, or `{ app }` for a second app server. */
type Target = Pick<TestApp, 'app'>;

export function send(t: Target, method: string, url: string, body?: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return Promise.resolve(
    t.app.request(url, {
      method,
      headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...(cookie && { Cookie: cookie }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

export const post = (t: Target, url: string, body?: unknown, cookie?: string) => send(t, 'POST', url, body, cookie);

/** Signs a new shopper up (verification off: signed in at once) and returns them with their cookie and id. */
export async function signedUp(t: Target, name: string, extra: Record<string, unknown> = {}) {
  const shopper = newShopper(name, extra);
  const res = await post(t, '/api/accounts/signup', shopper);
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = sessionCookie(res);
  const session = (await (await send(t, 'GET', '/api/accounts/session', undefined, cookie)).json()) as { shopper: { id: string } };
  return { ...shopper, cookie, id: session.shopper.id };
}

/** The link in the newest mail of `kind` to `to`, as a path the test app can request. */
export async function linkInMail(t: TestApp, to: string, kind: 'verify_email' | 'reset_password'): Promise<string> {
  const [mail] = await t.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No ${kind} mail to ${to}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Accounts written straight into the database, for tests that need shoppers but not their sessions. */
export async function bareShoppers(t: Pick<TestApp, 'database'>, n: number): Promise<string[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await t.database.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ name: `Shopper ${i}`, email: `shopper-${i}.${tag}@example.com` })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}
