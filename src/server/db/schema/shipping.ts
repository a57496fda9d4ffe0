/**
 * After the parcel leaves (issue 48): the owner's courier settings, each order's shipment with its
 * booking and its courier's scans, and every message a shopper was sent about it.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NdrDecision, ParcelKind, ParcelStep, ShipmentCourier, ScanStep } from '../../../shared/parcels.ts';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';
import { returnRequests } from './returns.ts';

export const courierSettings = pgTable(
  'courier_settings',
  {
    /** There is one row: the key is always true. */
    id: boolean('id').primaryKey().default(true),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('courier_settings_one_row', sql`${t.id}`)],
);

const STEP_CHECK = `'booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'attempt_failed', 'delivered', 'returning', 'returned', 'cancelled'`;

/**
 * One parcel of an order. The row is written before the courier is called (step `booking`) and each
 * answer is saved as it comes, so a retry after a timeout resumes the same booking and never makes a
 * second shipment (Shiprocket has no idempotency key). An order has at most one shipment not cancelled
 * of its own, and a return request (issue 49) at most one courier pickup and one exchange parcel.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier').$type<ShipmentCourier>().notNull(),
    /** The order's own parcel, or a return's: the courier's pickup of the pieces, or an exchange's new size (issue 49). */
    kind: text('kind').$type<ParcelKind>().notNull().default('order'),
    returnRequestId: uuid('return_request_id').references(() => returnRequests.id, { onDelete: 'cascade' }),
    /** What the courier knows the order by: its number's digits and the booking's count (100001-1). */
    reference: text('reference').notNull().unique(),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    awb: text('awb'),
    /** The carrier the aggregator chose (Shiprocket books Delhivery, Xpressbees, ...). */
    carrier: text('carrier'),
    labelUrl: text('label_url'),
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    weightGrams: integer('weight_grams').notNull(),
    /** A booking under way holds the row until then: a second click waits, and never calls the courier twice at once. */
    bookingUntil: timestamp('booking_until', { withTimezone: true }),
    step: text('step').$type<ParcelStep>().notNull().default('booking'),
    /** The newest scan's own time: a scan older than it is kept in the history and moves nothing. */
    lastScanAt: timestamp('last_scan_at', { withTimezone: true }),
    /** When the courier last said anything (a webhook or a poll): shipments silent a day are polled. */
    heardAt: timestamp('heard_at', { withTimezone: true }),
    /** The courier's expected delivery date, India's calendar (YYYY-MM-DD). */
    expectedOn: text('expected_on'),
    /** A failed attempt waiting for the owner's decision since this scan's time. */
    attemptFailedAt: timestamp('attempt_failed_at', { withTimezone: true }),
    decision: text('decision').$type<NdrDecision>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByEmail: text('decided_by_email'),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    bookedByEmail: text('booked_by_email').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shipments_order_live').on(t.orderId).where(sql`${t.step} <> 'cancelled' and ${t.kind} = 'order'`),
    uniqueIndex('shipments_return_live').on(t.returnRequestId, t.kind).where(sql`${t.step} <> 'cancelled' and ${t.returnRequestId} is not null`),
    check('shipments_kind_check', sql`(${t.kind} = 'order' and ${t.returnRequestId} is null) or (${t.kind} in ('pickup', 'exchange') and ${t.returnRequestId} is not null)`),
    uniqueIndex('shipments_courier_awb').on(t.courier, t.awb).where(sql`${t.awb} is not null`),
    // The owner's board and the poll: parcels not yet at a final step, by when they were last heard of.
    index('shipments_open').on(t.heardAt).where(sql`${t.step} not in ('delivered', 'returned', 'cancelled')`),
    check('shipments_step_check', sql.raw(`step in (${STEP_CHECK})`)),
    check('shipments_courier_check', sql`${t.courier} in ('shiprocket', 'delhivery', 'manual')`),
    check('shipments_weight_check', sql`${t.weightGrams} > 0 and ${t.weightGrams} <= 100000`),
    check('shipments_decision_check', sql`${t.decision} is null or ${t.decision} in ('reattempt', 'return')`),
  ],
);

/** Every scan, once: the same AWB, time and status sent again (a redelivered webhook, a poll) is not stored twice. */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: serial('id').primaryKey(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The courier's own status code for the scan. */
    code: text('code').notNull(),
    /** The step it means, or null for a scan the shop does not act on (it is still shown). */
    step: text('step').$type<ScanStep>(),
    activity: text('activity').notNull(),
    place: text('place'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipment_scans_once').on(t.shipmentId, t.at, t.code)],
);

/**
 * Every courier report as it arrived (a webhook's scans), kept before it is answered and applied
 * just after (scans.ts): the courier is answered at once, however busy the shop, and a report is
 * never lost to a crash between the two. Applied reports go after a while (the scans stay).
 */
export const scanReports = pgTable(
  'scan_reports',
  {
    id: serial('id').primaryKey(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    courier: text('courier').$type<ShipmentCourier>().notNull(),
    /** The report as read (scans with their times as ISO strings, the expected day). */
    report: jsonb('report').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('scan_reports_due').on(t.id).where(sql`${t.appliedAt} is null`)],
);

/** Every message a shopper was sent about an order's parcel: one per step and channel, however often a scan comes. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    channel: text('channel').$type<'email' | 'whatsapp' | 'sms'>().notNull(),
    /** What was sent, for the owner's history (never a secret: the message as the shopper read it). */
    summary: text('summary').notNull(),
    details: jsonb('details'),
    /**
     * E-mail is the outbox's (sent as written). WhatsApp and SMS are sent from here (notify.sender.ts):
     * queued, then sent, or failed after their tries, each try after `sendAfter`.
     */
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('sent'),
    attempts: integer('attempts').notNull().default(0),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    providerId: text('provider_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_messages_once').on(t.orderId, t.step, t.channel),
    index('order_messages_due').on(t.sendAfter).where(sql`${t.status} = 'queued'`),
    check('order_messages_channel_check', sql`${t.channel} in ('email', 'whatsapp', 'sms')`),
    check('order_messages_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);
