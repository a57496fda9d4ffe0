/**
 * Shiprocket's external API (docs/research/shiprocket-api.md; section numbers below are its): a
 * Bearer token from /auth/login kept for nine of its ten days, then create order, assign AWB, ask
 * for pickup, and the label, each answer saved before the next call. Shiprocket has no idempotency
 * key, so before creating, the booking's reference is looked up: a create that timed out but went
 * through is found and reused, never made twice.
 */
import { z } from 'zod';
import type { NdrDecision, ScanStep } from '../../../shared/parcels.ts';
import { fromIndiaWall, indiaMinute } from '../../../shared/india-time.ts';
import { callCourier, dayOf, fetchFile, plausible, webhookJson, type CourierAnswer } from './courier-http.ts';
import { CourierRefusal, type Booking, type Courier, type CourierEndpoint, type CourierScan, type Parcel, type ScanReport } from './courier.ts';

/** `webhookToken`: set with the webhook in Shiprocket's panel; `apiBase`: https://apiv2.shiprocket.in/v1/external by default. */
export interface ShiprocketConfig extends CourierEndpoint {
  email: string;
  password: string;
}

export const SHIPROCKET_API = 'https://apiv2.shiprocket.in/v1/external';
const WHO = 'Shiprocket';
const TOKEN_DAYS = 9;

/**
 * §11: Shiprocket's own status codes (`sr-status`) as the shop's steps. Only codes its examples
 * confirm, and the widely copied ones that can only mean one thing; any other code is shown in the
 * parcel's history and moves nothing.
 */
export const SHIPROCKET_STEPS: Record<string, ScanStep> = {
  '6': 'picked_up',
  '42': 'picked_up',
  '18': 'in_transit',
  '38': 'in_transit',
  '48': 'in_transit',
  '17': 'out_for_delivery',
  '7': 'delivered',
  '21': 'attempt_failed',
  '36': 'attempt_failed',
  '9': 'returning',
  '46': 'returning',
  '10': 'returned',
  '8': 'cancelled',
  '45': 'cancelled',
};

const scanSchema = z.object({
  date: z.string(),
  status: z.string().optional(),
  activity: z.string().default(''),
  location: z.string().nullish(),
  'sr-status': z.union([z.string(), z.number()]).optional(),
  'sr-status-label': z.string().optional(),
});
type ShiprocketScan = z.infer<typeof scanSchema>;

/** §10: the tracking webhook's body (only what the shop reads). */
const webhookSchema = z.object({
  awb: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(40)),
  etd: z.string().nullish(),
  scans: z.array(scanSchema).max(500).default([]),
});

/** The message Shiprocket gave with a refusal, with its field errors (§12). */
function refusalWords(body: unknown): string {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
  const b = body as { message?: unknown; errors?: Record<string, unknown> } | null;
  const fields = b?.errors && typeof b.errors === 'object' ? Object.values(b.errors).flat().filter((v) => typeof v === 'string') : [];
  const message = typeof b?.message === 'string' ? b.message : 'Shiprocket refused the request.';
  return [message, ...fields].join(' ').slice(0, 300);
}

function asScan(s: ShiprocketScan): CourierScan | null {
  const at = fromIndiaWall(s.date);
  if (!plausible(at)) return null;
  const code = String(s['sr-status'] ?? s.status ?? 'NA').slice(0, 40);
  return { at, code: code === 'NA' ? (s.status ?? 'NA').slice(0, 40) : code, step: SHIPROCKET_STEPS[code] ?? null, activity: (s.activity || s['sr-status-label'] || '').slice(0, 300), place: s.location?.slice(0, 200) || null };
}

const toReport = (awb: string, scans: ShiprocketScan[], etd: string | null | undefined): ScanReport => ({
  awb,
  scans: scans.map(asScan).filter((s): s is CourierScan => s !== null),
  expectedOn: dayOf(etd),
});

export function createShiprocketCourier(config: ShiprocketConfig): Courier {
  const base = config.apiBase.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function login(): Promise<string> {
    const { status, body } = await callCourier(WHO, { method: 'POST', url: `${base}/auth/login`, body: { email: config.email, password: config.password }, timeoutMs: config.timeoutMs });
    const value = (body as { token?: unknown } | null)?.token;
    if (status !== 200 || typeof value !== 'string') throw new CourierRefusal(`Shiprocket did not accept the shop's API user (${refusalWords(body)}). Check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.`);
    token = { value, until: Date.now() + TOKEN_DAYS * 86_400_000 };
    return value;
  }

  /** One call with the token; a 401 (the token ended early) logs in once more and tries again. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<CourierAnswer> {
    for (let attempt = 0; ; attempt++) {
      const bearer = token && token.until > Date.now() ? token.value : await login();
      const answer = await callCourier(WHO, { method, url: `${base}${path}`, headers: { Authorization: `Bearer ${bearer}` }, body, timeoutMs: config.timeoutMs });
      if (answer.status !== 401 || attempt > 0) return answer;
      token = null;
    }
  }

  async function ok(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    const answer = await call(method, path, body);
    if (answer.status >= 300) throw new CourierRefusal(refusalWords(answer.body));
    return (answer.body ?? {}) as Record<string, unknown>;
  }
  const { existing, create, createReturn, assignAwb, generateLabel } = bookingCalls(ok);

  return {
    name: 'shiprocket',

    async book(parcel, soFar, save) {
      let b = soFar;
      const step = async (next: Partial<Booking>) => {
        b = { ...b, ...next };
        await save(b);
      };
      if (!b.providerShipmentId) await step((await existing(parcel.reference)) ?? (parcel.direction === 'reverse' ? await createReturn(parcel) : await create(parcel)));
      if (!b.awb) await step(await assignAwb(b.providerShipmentId!, parcel.direction === 'reverse'));
      // A return's pickup is scheduled with its AWB, and the courier brings its label (§15, unconfirmed).
      if (parcel.direction === 'reverse') return b.pickupRequested ? b : (await step({ pickupRequested: true }), b);
      if (!b.pickupRequested) {
        // §4: one shipment per call; the AWB must exist.
        const answer = await ok('POST', '/courier/generate/pickup', { shipment_id: [Number(b.providerShipmentId)] });
        if (answer.pickup_status !== 1) throw new CourierRefusal(refusalWords(answer.response ?? answer));
        await step({ pickupRequested: true });
      }
      if (!b.labelUrl) await step({ labelUrl: await generateLabel(b.providerShipmentId!) });
      return b;
    },

    async label(booking) {
      const url = booking.labelUrl ?? (booking.providerShipmentId ? await generateLabel(booking.providerShipmentId) : null);
      if (!url) throw new CourierRefusal('This shipment has no label yet.');
      // The label lives on Shiprocket's file store, which takes no token.
      return fetchFile(WHO, url);
    },

    async track(awb) {
      const answer = await call('GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
      if (answer.status === 404) throw new CourierRefusal(`Shiprocket does not know the AWB ${awb}.`);
      if (answer.status >= 300) throw new CourierRefusal(refusalWords(answer.body));
      const data = ((answer.body as { tracking_data?: Record<string, unknown> } | null)?.tracking_data ?? {}) as Record<string, unknown>;
      // §6: no scans yet is track_status 0, not an error.
      const parsed = z.array(scanSchema).safeParse(data.shipment_track_activities ?? []);
      return toReport(awb, parsed.success ? parsed.data : [], typeof data.etd === 'string' ? data.etd : null);
    },

    async cancel(booking) {
      // §7: the shipment by its AWB, then the order, so the reference is never booked again.
      if (booking.awb) await ok('POST', '/orders/cancel/shipment/awbs', { awbs: [booking.awb] });
      if (booking.providerOrderId) await ok('POST', '/orders/cancel', { ids: [Number(booking.providerOrderId)] });
    },

    async decide(awb, decision: NdrDecision) {
      // §9: re-attempt or return (RTO); comments are required.
      const comments = decision === 'reattempt' ? 'Please attempt delivery again.' : 'Please return the parcel to us.';
      await ok('POST', `/ndr/${encodeURIComponent(awb)}/action`, { action: decision === 'reattempt' ? 're-attempt' : 'return', comments });
    },

    readWebhook(headers, body) {
      // §10: the token set in the panel arrives as x-api-key; there is no signature.
      const read = webhookJson(headers, body, config.webhookToken);
      if (!read) return null;
      const parsed = webhookSchema.safeParse(read.json);
      if (!parsed.success) throw new CourierRefusal('The body is not a Shiprocket tracking update.');
      return toReport(parsed.data.awb, parsed.data.scans, parsed.data.etd);
    },
  };
}

type Ok = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** The booking's four calls (§12, §2, §3, §5), each answer read as Shiprocket gives it. */
function bookingCalls(ok: Ok) {
  /** §12: an order made by a create whose answer was lost, found by its reference. */
    async function existing(reference: string): Promise<Pick<Booking, 'providerOrderId' | 'providerShipmentId'> | null> {
      const found = await ok('GET', `/orders?search=${encodeURIComponent(reference)}`);
      const rows = Array.isArray(found.data) ? (found.data as Record<string, unknown>[]) : [];
      const mine = rows.find((r) => String(r.channel_order_id ?? '') === reference);
      if (!mine) return null;
      const shipments = Array.isArray(mine.shipments) ? mine.shipments : [mine.shipments];
      const shipmentId = (shipments[0] as { id?: unknown } | undefined)?.id;
      return { providerOrderId: String(mine.id), providerShipmentId: shipmentId === undefined ? null : String(shipmentId) };
    }

    /** §2. */
    async function create(p: Parcel) {
      const answer = await ok('POST', '/orders/create/adhoc', createBody(p));
      if (answer.shipment_id === undefined || answer.order_id === undefined) throw new CourierRefusal(refusalWords(answer));
      return { providerOrderId: String(answer.order_id), providerShipmentId: String(answer.shipment_id) };
    }

    /**
     * §15: a return's order (issue 49), picked up at the shopper's address and delivered to the
     * shop's pickup location, whose address Shiprocket keeps (read from the shop's pickup addresses).
     */
    async function createReturn(p: Parcel) {
      const listed = await ok('GET', '/settings/company/pickup');
      const addresses = ((listed.data as { shipping_address?: unknown } | undefined)?.shipping_address ?? []) as Record<string, unknown>[];
      const shop = Array.isArray(addresses) ? addresses.find((a) => a.pickup_location === p.pickupLocation) : undefined;
      if (!shop) throw new CourierRefusal(`Shiprocket has no pickup location named “${p.pickupLocation}” to bring the return to.`);
      const answer = await ok('POST', '/orders/create/return', returnBody(p, shop));
      if (answer.shipment_id === undefined || answer.order_id === undefined) throw new CourierRefusal(refusalWords(answer));
      return { providerOrderId: String(answer.order_id), providerShipmentId: String(answer.shipment_id) };
    }

    /** §3: a refusal may come back as 200 with awb_assign_status 0; a return's AWB is asked for with is_return. */
    async function assignAwb(shipmentId: string, isReturn: boolean) {
      const answer = await ok('POST', '/courier/assign/awb', { shipment_id: Number(shipmentId), ...(isReturn && { is_return: 1 }) });
      const data = ((answer.response as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as Record<string, unknown>;
      if (answer.awb_assign_status !== 1 || typeof data.awb_code !== 'string' || !data.awb_code) {
        throw new CourierRefusal(typeof data.awb_assign_error === 'string' ? data.awb_assign_error : refusalWords(answer));
      }
      return { awb: data.awb_code, carrier: typeof data.courier_name === 'string' ? data.courier_name : null };
    }

    /** §5. */
    async function generateLabel(shipmentId: string): Promise<string> {
      const answer = await ok('POST', '/courier/generate/label', { shipment_id: [Number(shipmentId)] });
      if (answer.label_created !== 1 || typeof answer.label_url !== 'string') throw new CourierRefusal(refusalWords(answer.response ?? answer));
      return answer.label_url;
    }

  return { existing, create, createReturn, assignAwb, generateLabel };
}

/** §2's body: rupees (Shiprocket's amounts are rupees), grams as kilograms, the shop's parcel size. */
function createBody(p: Parcel) {
  const c = p.consignee;
  return {
    order_id: p.reference,
    order_date: indiaMinute(p.orderedAt),
    pickup_location: p.pickupLocation,
    billing_customer_name: c.name,
    billing_last_name: '',
    billing_address: c.line1,
    billing_address_2: c.line2,
    billing_city: c.city,
    billing_pincode: Number(c.pincode),
    billing_state: c.state,
    billing_country: 'India',
    billing_email: c.email,
    billing_phone: Number(c.phone),
    shipping_is_billing: true,
    order_items: p.items.map((i) => ({ name: i.name, sku: i.sku, units: i.units, selling_price: rupees(i.unitPrice), ...(i.hsn && { hsn: i.hsn }) })),
    payment_method: p.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
    shipping_charges: rupees(p.shippingCharges),
    // The total is not calculated by the API (§2): what the shopper pays, GST and charges included.
    sub_total: rupees(p.total - p.shippingCharges),
    length: PARCEL_CM.length,
    breadth: PARCEL_CM.breadth,
    height: PARCEL_CM.height,
    weight: p.weightGrams / 1000,
  };
}

/** §15's body: the pickup is the shopper's address, the delivery the shop's pickup location as Shiprocket keeps it. */
function returnBody(p: Parcel, shop: Record<string, unknown>) {
  const c = p.consignee;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return {
    order_id: p.reference,
    order_date: indiaMinute(p.orderedAt),
    pickup_customer_name: c.name,
    pickup_last_name: '',
    pickup_address: c.line1,
    pickup_address_2: c.line2,
    pickup_city: c.city,
    pickup_state: c.state,
    pickup_country: 'India',
    pickup_pincode: Number(c.pincode),
    pickup_email: c.email,
    pickup_phone: c.phone,
    shipping_customer_name: text(shop.name) || p.pickupLocation,
    shipping_address: text(shop.address),
    shipping_address_2: text(shop.address_2),
    shipping_city: text(shop.city),
    shipping_state: text(shop.state),
    shipping_country: 'India',
    shipping_pincode: Number(text(shop.pin_code)),
    shipping_phone: text(shop.phone),
    order_items: p.items.map((i) => ({ name: i.name, sku: i.sku, units: i.units, selling_price: rupees(i.unitPrice) })),
    payment_method: 'PREPAID',
    sub_total: rupees(p.total),
    length: PARCEL_CM.length,
    breadth: PARCEL_CM.breadth,
    height: PARCEL_CM.height,
    weight: p.weightGrams / 1000,
  };
}

/** Shiprocket's amounts are rupees: paise / 100, two decimals at most. */
const rupees = (paise: number) => Math.round(paise) / 100;

/** A folded garment's mailer bag: the size the couriers weigh by volume when it is bigger than the weight. */
export const PARCEL_CM = { length: 30, breadth: 25, height: 5 } as const;

