/**
 * Accounts: sign up, log in and out, verify an address, reset a password. The rules and messages
 * are spec §5 and §8's; the cryptography and sessions are better-auth's (auth.ts); the limits are
 * the shop's, in PostgreSQL (../limits/limits.rules.ts).
 */
import crypto from 'node:crypto';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
import type { LoginInput, NewPasswordInput, SignupInput } from '../../../shared/accounts.contract.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import type { Outbox } from '../mail/mail.service.ts';
import { resetMail, verificationMail } from './accounts.mails.ts';
import { createAccount, findAccountByEmail, findAccountById, type AccountRef } from './accounts.queries.ts';
import { AUTH_TIMES, mailOrigin, type Auth, type ResetMailer } from './auth.ts';
import { LIMITS, refuse } from '../limits/limits.rules.ts';

/** What the service needs to know about the request; never the user id (that is the session's). */
export interface Caller {
  ip: string;
  userAgent: string;
  /** Where links in mails point: PUBLIC_URL, or the request's validated origin. */
  origin: string;
  /** The request's Cookie header, for the session it may carry. */
  cookie: string;
}

/** An answer that sets or clears the session cookie. */
export interface WithCookies<T> {
  body: T;
  cookies: string[];
}

export const MESSAGES = {
  emailTaken: 'An account with this email already exists. Please log in or use a different email.',
  noAccount: 'No account found. Try signing up.',
  wrongPassword: 'Wrong password. Please try again.',
  notVerified: 'Please verify your email address first: we have sent you a link. Open it, then log in.',
  badResetLink: 'This reset link has expired or has already been used. Please ask for a new one.',
} as const;

export interface AccountsDeps {
  db: Db;
  auth: Auth;
  limiter: RateLimiter;
  secret: string;
  requireEmailVerification: boolean;
  outbox: Outbox;
}

const authHeaders = (c: Pick<Caller, 'ip' | 'userAgent'> & { cookie?: string }) =>
  new Headers({ 'x-vastra-client-ip': c.ip, 'user-agent': c.userAgent.slice(0, 300), ...(c.cookie && { cookie: c.cookie }) });

const codeOf = (err: unknown) => (err instanceof APIError ? (err.body as { code?: string } | undefined)?.code : undefined);

async function verifyLink({ secret }: AccountsDeps, userId: string, email: string, origin: string) {
  const token = await createEmailVerificationToken(secret, email, undefined, AUTH_TIMES.verificationLink, { userId });
  return `${origin}/api/accounts/verify-email?token=${encodeURIComponent(token)}`;
}

async function signIn({ auth }: AccountsDeps, email: string, password: string, caller: Caller): Promise<WithCookies<{ signedIn: true }>> {
  const { headers } = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: authHeaders(caller), returnHeaders: true });
  return { body: { signedIn: true }, cookies: headers.getSetCookie() };
}

/** A fresh verification link for an unverified account, within the mail limits; else how long to wait. */
export async function resendVerification(deps: AccountsDeps, account: AccountRef, caller: Caller): Promise<{ sent: boolean; retryAfter: number }> {
  const { db, limiter, outbox } = deps;
  const byAddress = await limiter.hit(LIMITS.verifyMailPerAddress, account.email);
  const byIp = await limiter.hit(LIMITS.verifyMailPerIp, caller.ip);
  if (!byAddress.allowed || !byIp.allowed) return { sent: false, retryAfter: Math.max(byAddress.retryAfter, byIp.retryAfter) };
  const url = await verifyLink(deps, account.id, account.email, caller.origin);
  const hours = AUTH_TIMES.verificationLink / 3600;
  await outbox.send(db, verificationMail(account.email, account.firstName ?? 'there', url, hours));
  outbox.nudge();
  return { sent: true, retryAfter: 0 };
}

/** A new account with its verification mail, signed in at once unless the shop waits for the link. */
export async function signUp(deps: AccountsDeps, input: SignupInput, caller: Caller): Promise<WithCookies<{ signedIn: boolean }>> {
  const { db, auth, limiter, requireEmailVerification, outbox } = deps;
  const byIp = await limiter.hit(LIMITS.verifyMailPerIp, caller.ip);
  if (!byIp.allowed) refuse(LIMITS.verifyMailPerIp, byIp.retryAfter);
  const taken = () => new AppError(422, 'email_taken', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
  if (await findAccountByEmail(db, input.email)) throw taken();
  const id = crypto.randomUUID();
  const passwordHash = await (await auth.$context).password.hash(input.password);
  const url = await verifyLink(deps, id, input.email, caller.origin);
  const created = await createAccount(
    db,
    {
      id,
      email: input.email,
      passwordHash,
      profile: { firstName: input.firstName, lastName: input.lastName || null, phone: input.phone, gender: input.gender },
    },
    (tx) => outbox.send(tx, verificationMail(input.email, input.firstName, url, AUTH_TIMES.verificationLink / 3600)),
  );
  if (!created) throw taken();
  // The sign-up's mail is the address's first of the hour.
  await limiter.hit(LIMITS.verifyMailPerAddress, input.email);
  outbox.nudge();
  // design.md: with verification required the new account waits for its link.
  if (requireEmailVerification) return { body: { signedIn: false }, cookies: [] };
  return signIn(deps, input.email, input.password, caller);
}

/** A login within the limits: a wrong guess counts against the address and the account, a right one does not. */
export async function logIn(deps: AccountsDeps, input: LoginInput, caller: Caller): Promise<WithCookies<{ signedIn: true }>> {
  const { db, auth, limiter } = deps;
  const byIp = await limiter.check(LIMITS.loginFailPerIp, caller.ip);
  if (!byIp.allowed) refuse(LIMITS.loginFailPerIp, byIp.retryAfter);
  const account = await findAccountByEmail(db, input.email);
  if (!account) {
    await limiter.hit(LIMITS.loginFailPerIp, caller.ip);
    throw new AppError(401, 'no_account', MESSAGES.noAccount);
  }
  // Counted before the password is tried, so parallel guesses cannot all pass one check;
  // taken back below when the password was right.
  const byAccount = await limiter.hit(LIMITS.loginFailPerAccount, account.id);
  if (!byAccount.allowed) refuse(LIMITS.loginFailPerAccount, byAccount.retryAfter);
  const rightPassword = () => limiter.release(LIMITS.loginFailPerAccount, account.id);
  try {
    const signedIn = await signIn(deps, input.email, input.password, caller);
    await rightPassword();
    // The session this browser held before, if any, ends: one browser, one session.
    if (caller.cookie) await auth.api.signOut({ headers: authHeaders(caller) }).catch(() => undefined);
    return signedIn;
  } catch (err) {
    const code = codeOf(err);
    if (code === 'INVALID_EMAIL_OR_PASSWORD') {
      await limiter.hit(LIMITS.loginFailPerIp, caller.ip);
      throw new AppError(401, 'wrong_password', MESSAGES.wrongPassword);
    }
    if (code === 'EMAIL_NOT_VERIFIED') {
      await rightPassword();
      const { sent } = await resendVerification(deps, account, caller);
      throw new AppError(403, 'email_not_verified', sent ? MESSAGES.notVerified : MESSAGES.notVerified.replace('we have sent you a link', 'use the link we sent you'));
    }
    await rightPassword(); // not a guess that failed: the library itself did
    throw err;
  }
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, auth, limiter } = deps;
  return {
    signup: (input: SignupInput, caller: Caller) => signUp(deps, input, caller),
    login: (input: LoginInput, caller: Caller) => logIn(deps, input, caller),

    async logout(caller: Caller): Promise<WithCookies<{ signedIn: false }>> {
      const { headers } = await auth.api.signOut({ headers: authHeaders(caller), returnHeaders: true }).catch(() => ({ headers: new Headers() }));
      return { body: { signedIn: false }, cookies: headers.getSetCookie() };
    },

    /** Always the same answer, whether or not the address has an account. */
    async requestReset(email: string, caller: Caller): Promise<{ sent: true }> {
      const byAddress = await limiter.hit(LIMITS.resetMailPerAddress, email);
      if (!byAddress.allowed) refuse(LIMITS.resetMailPerAddress, byAddress.retryAfter);
      const byIp = await limiter.hit(LIMITS.resetMailPerIp, caller.ip);
      if (!byIp.allowed) refuse(LIMITS.resetMailPerIp, byIp.retryAfter);
      await mailOrigin.run(caller.origin, () => auth.api.requestPasswordReset({ body: { email }, headers: authHeaders(caller) }));
      return { sent: true };
    },

    async resetPassword(input: NewPasswordInput & { token: string }): Promise<{ reset: true }> {
      try {
        await auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
      } catch (err) {
        if (codeOf(err) === 'INVALID_TOKEN') throw new AppError(400, 'invalid_token', MESSAGES.badResetLink);
        throw err;
      }
      return { reset: true };
    },

    /** The mailed link: 'verified' (also when it was already), or why not. */
    async verifyEmail(token: string): Promise<'verified' | 'expired' | 'invalid'> {
      try {
        await auth.api.verifyEmail({ query: { token } });
        return 'verified';
      } catch (err) {
        if (codeOf(err) === 'TOKEN_EXPIRED') return 'expired';
        if (err instanceof APIError) return 'invalid';
        throw err;
      }
    },

    /** The banner's "send the link again", for the signed-in shopper. */
    async resendForShopper(userId: string, caller: Caller): Promise<{ sent: boolean }> {
      const account = await findAccountById(db, userId);
      if (!account || account.emailVerified) return { sent: false };
      const { sent, retryAfter } = await resendVerification(deps, account, caller);
      if (!sent) refuse(LIMITS.verifyMailPerAddress, retryAfter);
      return { sent };
    },
  };
}

/** Writes the reset mail when better-auth has made its token (auth.ts's ResetMailer). */
export function resetMailer(db: Db, outbox: Outbox): ResetMailer {
  return async (user, token, origin) => {
    const account = await findAccountByEmail(db, user.email);
    const url = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    await outbox.send(db, resetMail(user.email, account?.firstName ?? 'there', url, AUTH_TIMES.resetLink / 60));
    outbox.nudge();
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
