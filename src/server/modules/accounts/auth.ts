/**
 * better-auth, set up for the shop (docs/decisions/0009-accounts.md): email and password hashed
 * with scrypt, sessions in PostgreSQL behind an HttpOnly SameSite=Lax cookie, reset tokens in the
 * `verifications` table, single-use.
 *
 * Its HTTP handler is not mounted: the shop's own routes (accounts.routes.ts) are the only way in,
 * and call it on the server (`auth.api.*`), so every request meets the shop's validation, messages,
 * CSRF guard and rate limits, and nothing else of the library is reachable from outside.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { betterAuth } from 'better-auth';
import { MIN_PASSWORD, MAX_PASSWORD } from '../../../shared/accounts.contract.ts';
import type { Db } from '../../db/client.ts';
import { authAccounts, sessions, users, verifications } from '../../db/schema/index.ts';

/** How long things live, in seconds. */
export const AUTH_TIMES = {
  /** A session ends after 30 days without use... */
  session: 30 * 24 * 3600,
  /** ...and each day it is used moves that end on (one write a day, not one per request). */
  sessionRenewal: 24 * 3600,
  verificationLink: 24 * 3600,
  resetLink: 3600,
} as const;

/** The reset mail's writer, given the user and the link's token; the link's origin is the request's. */
export type ResetMailer = (user: { id: string; email: string }, token: string, origin: string) => Promise<void>;

/** The origin of the request that asked for a reset mail, for the link inside it. */
export const mailOrigin = new AsyncLocalStorage<string>();

export interface AuthOptions {
  db: Db;
  secret: string;
  /** The shop's origin: its scheme decides the Secure cookie (`__Secure-` prefix) on HTTPS. */
  publicUrl: string | undefined;
  requireEmailVerification: boolean;
  sendResetMail: ResetMailer;
  /**
   * How passwords are hashed: better-auth's own scrypt (N 16384, r 16: about 170 ms of a core here)
   * unless given. Only the API tests give one, the same scrypt at a sixteenth of the work: a
   * quarter of their time went to hashing the passwords of the shoppers they sign up.
   */
  passwordHashing?: PasswordHashing;
}

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
}

export function createAuth({ db, secret, publicUrl, requireEmailVerification, sendResetMail, passwordHashing }: AuthOptions) {
  return betterAuth({
    appName: 'Vastra',
    secret,
    // Only its cookies' Secure flag and its own link format depend on it; the shop builds its links itself.
    baseURL: `${publicUrl ?? 'http://localhost'}/api/accounts`,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification,
      minPasswordLength: MIN_PASSWORD,
      maxPasswordLength: MAX_PASSWORD,
      resetPasswordTokenExpiresIn: AUTH_TIMES.resetLink,
      ...(passwordHashing && { password: passwordHashing }),
      // A new password ends every session, including one an attacker may hold.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const origin = mailOrigin.getStore();
        if (!origin) throw new Error('A reset mail needs the origin of its request (run inside mailOrigin).');
        await sendResetMail(user, token, origin);
      },
    },
    emailVerification: { expiresIn: AUTH_TIMES.verificationLink },
    session: {
      expiresIn: AUTH_TIMES.session,
      updateAge: AUTH_TIMES.sessionRenewal,
      // No signed copy of the session in a cookie: a session ended on the server stops at once.
      cookieCache: { enabled: false },
    },
    // The shop's limits (src/server/modules/limits) guard its routes; server-side calls are not limited anyway.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'vastra',
      useSecureCookies: publicUrl?.startsWith('https:') ?? false,
      database: { generateId: 'uuid' },
      // The address is the shop's to decide (client-ip.ts); the library is given it in this header.
      ipAddress: { ipAddressHeaders: ['x-vastra-client-ip'] },
    },
    logger: { level: 'error' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
