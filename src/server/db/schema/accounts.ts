/**
 * Accounts: better-auth's own tables (users, sessions, password accounts, verification tokens;
 * their columns are what better-auth 1.7 asks for, ids as uuid made by the database), and the
 * shop's profile per account (spec §3 profile).
 *
 * better-auth's tables are the server's alone: the auth library reads them as the owner. `profiles`
 * is the first per-user table a shopper's own transaction reads, under row-level security
 * (migration 0004: the `vastra_shopper` role and its policies; src/server/db/shopper.ts).
 */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import type { Gender } from '../../../shared/accounts.ts';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** A way to sign in; for us only `credential` (email and password), whose scrypt hash is `password`. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

/** Single-use tokens (email verification, password reset) with their expiry. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Spec §3 profile: one per account, written in the same transaction as the account. */
export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  /** A copy of the account's email, read-only for the shopper. */
  email: text('email').notNull(),
  phone: text('phone'),
  gender: text('gender').$type<Gender>(),
  addressHouse: text('address_house'),
  addressLine: text('address_line'),
  addressCity: text('address_city'),
  addressState: text('address_state'),
  addressPin: text('address_pin'),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Since when the shopper wants order updates on WhatsApp or SMS (ticked at checkout, issue 48); null: e-mail only. */
  parcelMessagesSince: timestamp('parcel_messages_since', { withTimezone: true }),
  ...timestamps,
});
