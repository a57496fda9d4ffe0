/**
 * Delhivery's B2C API (docs/research/delhivery-api.md; section numbers below are its): a fixed
 * token in `Authorization: Token`, create (the JSON in a form's `data` field), a pickup for the
 * day, the packing slip as a PDF link, tracking by waybill, cancel by edit. Delhivery has no
 * idempotency key either: before creating, the booking's reference is looked up by `ref_ids` (§10),
 * so a create whose answer was lost is found, never made twice.
 */
import { z } from 'zod';
import { fromIndiaWall, indiaDay } from '../../../shared/india-time.ts';
import type { NdrDecision, ScanStep } from '../../../shared/parcels.ts';
import { callCourier, dayOf, fetchFile, plausible, webhookJson, type CourierAnswer } from './courier-http.ts';
import { CourierRefusal, type Booking, type Courier, type CourierEndpoint, type CourierScan, type Parcel } from './courier.ts';
import { PARCEL_CM } from './shiprocket.courier.ts';

/** `webhookToken`: the secret the shop asked Delhivery to send with each scan push (§9: the client chooses the header); `apiBase`: https://track.delhivery.com or its staging host. */
export interface DelhiveryConfig extends CourierEndpoint {
  token: string;
}

export const DELHIVERY_API = 'https://track.delhivery.com';
const WHO = 'Delhivery';
/** §5: the pickup asked for the next working hour's slot; Delhivery moves a Sunday or holiday on. */
const PICKUP_TIME = '14:00:00';

/**
 * §6: (StatusType, Status) as the shop's steps. A pending scan with an EOD code is a failed
 * attempt; the closing pair tells delivered (DL, Delivered) from returned (DL, RTO); a reverse
 * pickup's are PP (pending), PU (picked up, on its way) and DL with DTO (back at the shop).
 */
export function delhiveryStep(type: string, status: string, code: string): ScanStep | null {
  const s = status.toLowerCase();
  if (code === 'X-PPOM') return 'picked_up';
  // A reverse pickup (issue 49) closes with DL and DTO: delivered to the shop, its consignee.
  if (type === 'DL') return s === 'rto' ? 'returned' : s === 'delivered' || s === 'dto' ? 'delivered' : null;
  // A reverse pickup on its way to the shop, once picked up (PP, pickup pending, moves nothing).
  if (type === 'PU') return s === 'dispatched' ? 'out_for_delivery' : 'in_transit';
  if (type === 'RT') return 'returning';
  if (type === 'CN') return 'cancelled';
  if (type !== 'UD') return null;
  if (s === 'dispatched') return 'out_for_delivery';
  if (s === 'pending') return code.startsWith('EOD-') ? 'attempt_failed' : 'in_transit';
  if (s === 'in transit') return 'in_transit';
  return null;
}

const text = z.string().max(300).nullish();
const statusSchema = z.object({ Status: z.string().max(60), StatusType: z.string().max(10), StatusDateTime: z.string().max(40), StatusLocation: text, Instructions: text, StatusCode: text });
const scanDetail = z.object({ ScanDateTime: z.string().max(40), ScanType: z.string().max(10), Scan: z.string().max(60), StatusCode: text, ScannedLocation: text, Instructions: text });

/** §9: the scan push, as Delhivery's sample sends it (one status per push). */
const pushSchema = z.object({
  Shipment: z.object({ AWB: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(40)), Status: statusSchema, NSLCode: text }),
});

/** §6: one shipment of a tracking answer. */
const trackedSchema = z.object({
  AWB: z.union([z.string(), z.number()]).transform(String),
  ReferenceNo: z.string().nullish(),
  ExpectedDeliveryDate: z.string().nullish(),
  Scans: z.array(z.object({ ScanDetail: scanDetail })).max(500).default([]),
});

function asScan(at: string, type: string, status: string, code: string | null | undefined, place: string | null | undefined, words: string | null | undefined): CourierScan | null {
  const when = fromIndiaWall(at);
  if (!plausible(when)) return null;
  const nsl = code ?? `${type}-${status}`;
  return { at: when, code: nsl.slice(0, 40), step: delhiveryStep(type, status, nsl), activity: (words || status).slice(0, 300), place: place?.slice(0, 200) || null };
}

const scansOf = (shipment: z.infer<typeof trackedSchema>) =>
  shipment.Scans.map(({ ScanDetail: d }) => asScan(d.ScanDateTime, d.ScanType, d.Scan, d.StatusCode, d.ScannedLocation, d.Instructions)).filter((s): s is CourierScan => s !== null);

/** What Delhivery said when it said no (§3, §10): success false with `rmk`, or a package's `remarks`. */
function refusalWords(body: unknown): string {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
  const b = (body ?? {}) as { rmk?: unknown; error?: unknown; Error?: unknown; packages?: { remarks?: unknown }[] };
  const remarks = (b.packages ?? []).flatMap((p) => (Array.isArray(p.remarks) ? p.remarks : [])).filter((r): r is string => typeof r === 'string' && r !== '');
  const said = remarks[0] ?? [b.rmk, b.error, b.Error].find((v): v is string => typeof v === 'string' && v !== '');
  return (said ?? 'Delhivery refused the request.').slice(0, 300);
}

export function createDelhiveryCourier(config: DelhiveryConfig): Courier {
  const base = config.apiBase.replace(/\/+$/, '');
  const auth = { Authorization: `Token ${config.token}` };
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<CourierAnswer> =>
    callCourier(WHO, { method, url: `${base}${path}`, headers: auth, body, timeoutMs: config.timeoutMs });

  async function tracked(query: string) {
    const answer = await call('GET', `/api/v1/packages/json/?${query}`);
    if (answer.status >= 300) throw new CourierRefusal(refusalWords(answer.body));
    const data = (answer.body ?? {}) as { ShipmentData?: { Shipment?: unknown }[] };
    return (data.ShipmentData ?? []).map((d) => trackedSchema.safeParse(d.Shipment)).flatMap((p) => (p.success ? [p.data] : []));
  }

  /** §3: the parcel made, or refused (HTTP 200 with success false, or a package that failed). */
  async function create(p: Parcel): Promise<Pick<Booking, 'awb' | 'providerOrderId'>> {
    const answer = await call('POST', '/api/cmu/create.json', new URLSearchParams({ format: 'json', data: JSON.stringify(createBody(p)) }));
    const body = (answer.body ?? {}) as { success?: unknown; packages?: { status?: unknown; waybill?: unknown; refnum?: unknown }[] };
    const made = body.packages?.find((x) => x.status === 'Success' && typeof x.waybill === 'string' && x.waybill);
    if (answer.status >= 300 || body.success !== true || !made) throw new CourierRefusal(refusalWords(answer.body));
    return { awb: made.waybill as string, providerOrderId: p.reference };
  }

  return {
    name: 'delhivery',

    async book(parcel, soFar, save) {
      let b = soFar;
      const step = async (next: Partial<Booking>) => {
        b = { ...b, ...next };
        await save(b);
      };
      if (!b.awb) {
        const [found] = await tracked(`ref_ids=${encodeURIComponent(parcel.reference)}`);
        await step(found ? { awb: found.AWB, providerOrderId: parcel.reference, carrier: 'Delhivery' } : { ...(await create(parcel)), carrier: 'Delhivery' });
      }
      // §5's pickup request is the shop's warehouse's: a reverse pickup is collected from the shopper as its manifest says.
      if (!b.pickupRequested && parcel.direction === 'reverse') await step({ pickupRequested: true });
      if (!b.pickupRequested) {
        // §5: one open pickup per warehouse a day; a second ask that day is already answered.
        const answer = await call('POST', '/fm/request/new/', { pickup_location: parcel.pickupLocation, pickup_date: indiaDay(new Date()), pickup_time: PICKUP_TIME, expected_package_count: 1 });
        const words = refusalWords(answer.body);
        if (answer.status >= 300 && !/already|exist/i.test(words)) throw new CourierRefusal(words);
        await step({ pickupRequested: true });
      }
      return b;
    },

    async label(booking) {
      if (!booking.awb) throw new CourierRefusal('This shipment has no waybill yet.');
      // §4: pdf=true answers a link to the PDF (its field's name is unconfirmed: the first link to a file).
      const answer = await call('GET', `/api/p/packing_slip?wbns=${encodeURIComponent(booking.awb)}&pdf=true&pdf_size=4R`);
      const pkg = ((answer.body ?? {}) as { packages?: Record<string, unknown>[] }).packages?.[0] ?? {};
      const link = [pkg.pdf_download_link, ...Object.values(pkg)].find((v): v is string => typeof v === 'string' && /^https?:\/\/\S+/.test(v));
      if (answer.status >= 300 || !link) throw new CourierRefusal(`Delhivery gave no label for ${booking.awb}.`);
      return fetchFile(WHO, link);
    },

    async track(awb) {
      const [shipment] = await tracked(`waybill=${encodeURIComponent(awb)}`);
      if (!shipment) throw new CourierRefusal(`Delhivery does not know the waybill ${awb}.`);
      return { awb, scans: scansOf(shipment), expectedOn: dayOf(shipment.ExpectedDeliveryDate) };
    },

    async cancel(booking) {
      if (!booking.awb) return;
      const answer = await call('POST', '/api/p/edit', { waybill: booking.awb, cancellation: 'true' });
      if (answer.status >= 300) throw new CourierRefusal(refusalWords(answer.body));
    },

    async decide(awb, decision: NdrDecision) {
      // §8: a re-attempt is asked for; there is no "return now", but cancelling a parcel in transit returns it (§7).
      const answer = decision === 'reattempt' ? await call('POST', '/api/p/update', { data: [{ waybill: awb, act: 'RE-ATTEMPT' }] }) : await call('POST', '/api/p/edit', { waybill: awb, cancellation: 'true' });
      if (answer.status >= 300) throw new CourierRefusal(refusalWords(answer.body));
    },

    readWebhook(headers, body) {
      const read = webhookJson(headers, body, config.webhookToken);
      if (!read) return null;
      const parsed = pushSchema.safeParse(read.json);
      if (!parsed.success) throw new CourierRefusal('The body is not a Delhivery scan push.');
      const { AWB, Status: s, NSLCode } = parsed.data.Shipment;
      const scan = asScan(s.StatusDateTime, s.StatusType, s.Status, NSLCode ?? s.StatusCode, s.StatusLocation, s.Instructions);
      return { awb: AWB, scans: scan ? [scan] : [], expectedOn: null };
    },
  };
}

/** §3's shipment: rupees, grams, the shop's parcel size; Cash on Delivery's amount to collect. */
function createBody(p: Parcel) {
  const c = p.consignee;
  const rupees = (paise: number) => Math.round(paise) / 100;
  return {
    shipments: [
      {
        name: c.name,
        add: `${c.line1}, ${c.line2}`,
        pin: c.pincode,
        city: c.city,
        state: c.state,
        country: 'India',
        phone: c.phone,
        order: p.reference,
        // §3: `Pickup` is a reverse pickup (issue 49): collected at this address, delivered to the pickup location.
        payment_mode: p.direction === 'reverse' ? 'Pickup' : p.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
        cod_amount: rupees(p.collect),
        total_amount: rupees(p.total),
        products_desc: p.items.map((i) => `${i.units} x ${i.name}`).join(', ').slice(0, 200),
        hsn_code: p.items.find((i) => i.hsn)?.hsn ?? '',
        quantity: String(p.items.reduce((n, i) => n + i.units, 0)),
        weight: p.weightGrams,
        shipment_length: PARCEL_CM.length,
        shipment_width: PARCEL_CM.breadth,
        shipment_height: PARCEL_CM.height,
        shipping_mode: 'Surface',
        waybill: '',
        order_date: p.orderedAt.toISOString(),
      },
    ],
    pickup_location: { name: p.pickupLocation },
  };
}
