/**
 * The local courier (issue 48): an HTTP server on 127.0.0.1 that speaks Shiprocket's external API
 * (docs/research/shiprocket-api.md) closely enough for the shop's own adapter to book, label, track,
 * cancel and decide through it, and that sends the tracking webhook as Shiprocket would. It is
 * started with the shop in development and by the tests, never in production (boot.ts). It books at
 * once; its scans follow a timetable, sent on a clock in development and step by step by a test.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { indiaMinute } from '../../../shared/india-time.ts';
import type { CourierName } from '../../../shared/parcels.ts';
import { delhiveryAnswer, delhiveryPush } from './local-courier.delhivery.ts';
import { keptAliveAsTheShop } from '../../http/listen.ts';

/** The scans a parcel goes through when all goes well, as Shiprocket's status codes and words. */
export const HAPPY_TIMETABLE = [
  { code: '42', label: 'PICKED UP', activity: 'Shipment picked up from the seller' },
  { code: '18', label: 'IN TRANSIT', activity: 'In transit - shipment received at facility' },
  { code: '17', label: 'OUT FOR DELIVERY', activity: 'Out for delivery' },
  { code: '7', label: 'DELIVERED', activity: 'Delivered to consignee' },
] as const;

export const SCAN_WORDS: Record<string, { label: string; activity: string }> = {
  ...Object.fromEntries(HAPPY_TIMETABLE.map((s) => [s.code, s])),
  '21': { label: 'UNDELIVERED', activity: 'Consignee unavailable - delivery attempt failed' },
  '9': { label: 'RTO INITIATED', activity: 'Return to origin initiated' },
  '46': { label: 'RTO IN TRANSIT', activity: 'Return to origin in transit' },
  '10': { label: 'RTO DELIVERED', activity: 'Returned to the seller' },
  '8': { label: 'CANCELED', activity: 'Shipment cancelled' },
};

export interface LocalShipment {
  /** Whose API booked it: its scans go back in that courier's words, to that courier's webhook. */
  protocol: CourierName;
  orderId: number;
  shipmentId: number;
  reference: string;
  pincode: string;
  paymentMethod: string;
  awb: string | null;
  pickup: boolean;
  cancelled: boolean;
  scans: { date: string; code: string; location: string }[];
  /** How far along the timetable its scans are. */
  next: number;
  ndrActions: string[];
}

export interface LocalCourierOptions {
  /** The token the shop expects in x-api-key (SHIPROCKET_WEBHOOK_TOKEN). */
  webhookToken: string;
  /** Where to send each courier's scans: the shop's webhook, once the shop is listening. */
  target: (courier: CourierName) => string | null;
  /** Development: each parcel moves one step along the timetable this often after its pickup is asked for. */
  everyMs?: number;
  /** Its port on 127.0.0.1; any free one by default. */
  port?: number;
}

/** The pickup locations the local courier knows: any name a shop is likely to give in development and tests. */
const LOCAL_PICKUP_NAMES = ['Jayanagar Studio', 'Studio', 'Primary', 'Home', 'Shop', 'Warehouse'];
const LOCAL_WAREHOUSE = { name: 'Vastra', email: 'shop@local.courier', phone: '9876543210', address: '14, 11th Main Road', address_2: 'Jayanagar 4th Block', city: 'Bengaluru', state: 'Karnataka', country: 'India', pin_code: '560011' };

const EMAIL = 'api@local.courier';
const PASSWORD = 'local-courier';

export interface LocalCourier {
  /** Give this to the Shiprocket adapter as its API base. */
  apiBase: string;
  /** And these to the Delhivery adapter. */
  delhiveryBase: string;
  delhiveryToken: string;
  email: string;
  password: string;
  shipments: Map<number, LocalShipment>;
  /** Every API call, as made. */
  requests: { method: string; path: string; body: unknown }[];
  /** PIN codes it says it does not serve. */
  unserved: Set<string>;
  /** Sends the parcel's next scan on the timetable (or the code given), as the webhook; answers the shop's status. */
  scan(awb: string, code?: string, options?: { at?: Date; location?: string; token?: string }): Promise<number>;
  /** The next `n` calls answer 503. */
  failNext(n: number): void;
  /** The next `n` calls (to `path`, when given) are carried out but never answered: the shop's call times out, the courier made the thing. */
  loseAnswers(n: number, path?: string): void;
  /** The next call to `path` is refused with Shiprocket's 422 and these words. */
  refuseNext(path: string, words: string): void;
  /** The next call to `path` is answered only after `ms` (a slow courier: the shop's booking is under way meanwhile). */
  delayNext(path: string, ms: number): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** A small one-page PDF that says what a label says: good enough to print in development. */
export function labelPdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 24 ${260 - i * 24} Td (${l.replace(/[()\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, '?')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 288] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf);
}

/** What the local courier holds between calls, and the trouble a test asked for. */
export interface Courier {
  options: LocalCourierOptions;
  base: string;
  token: string;
  shipments: Map<number, LocalShipment>;
  byAwb: Map<string, LocalShipment>;
  requests: LocalCourier['requests'];
  unserved: Set<string>;
  ids: number;
  failing: number;
  losing: { n: number; path: string | undefined };
  refusals: Map<string, string>;
  delays: Map<string, number>;
  clocks: Set<NodeJS.Timeout>;
}

export type Answer = readonly [number, unknown];
const invalid = (field: string, words: string): Answer => [422, { message: 'Oops! Invalid Data.', errors: { [field]: [words] }, status_code: 422 }];

/** Shiprocket's calls the shop makes (docs/research/shiprocket-api.md §1 to §7), answered as its examples answer. */
function routesOf(c: Courier): Record<string, (b: Record<string, unknown>, q: URLSearchParams) => Answer> {
  const byShipment = (b: Record<string, unknown>) => c.shipments.get(Number(Array.isArray(b.shipment_id) ? b.shipment_id[0] : b.shipment_id));
  return {
    'POST /auth/login': (b) => (b.email === EMAIL && b.password === PASSWORD ? [200, { token: c.token, id: 1, email: EMAIL }] : [403, { message: 'Invalid email and password combination', status_code: 403 }]),
    'GET /orders': (_b, q) => {
      const found = [...c.shipments.values()].filter((s) => s.reference === q.get('search'));
      return [200, { data: found.map((s) => ({ id: s.orderId, channel_order_id: s.reference, shipments: [{ id: s.shipmentId, awb: s.awb }] })) }];
    },
    'POST /orders/create/adhoc': (b) => {
      if (!(Number(b.weight) > 0)) return invalid('weight', 'The weight must be greater than 0.');
      if (typeof b.pickup_location !== 'string' || !b.pickup_location) return invalid('pickup_location', 'The pickup location field is required.');
      const s: LocalShipment = { protocol: 'shiprocket', orderId: ++c.ids, shipmentId: ++c.ids, reference: String(b.order_id), pincode: String(b.billing_pincode), paymentMethod: String(b.payment_method), awb: null, pickup: false, cancelled: false, scans: [], next: 0, ndrActions: [] };
      c.shipments.set(s.shipmentId, s);
      return [200, { order_id: s.orderId, shipment_id: s.shipmentId, status: 'NEW', status_code: 1, awb_code: null }];
    },
    // §15: the shop's pickup addresses (any name the shop's settings give is one of them), and a return's order.
    'GET /settings/company/pickup': () => [200, { data: { shipping_address: LOCAL_PICKUP_NAMES.map((name, i) => ({ id: i + 1, pickup_location: name, ...LOCAL_WAREHOUSE })) } }],
    'POST /orders/create/return': (b) => {
      if (!(Number(b.weight) > 0)) return invalid('weight', 'The weight must be greater than 0.');
      if (!b.pickup_pincode || !b.shipping_pincode) return invalid('pickup_pincode', 'The pickup pincode field is required.');
      const s: LocalShipment = { protocol: 'shiprocket', orderId: ++c.ids, shipmentId: ++c.ids, reference: String(b.order_id), pincode: String(b.pickup_pincode), paymentMethod: 'RETURN', awb: null, pickup: false, cancelled: false, scans: [], next: 0, ndrActions: [] };
      c.shipments.set(s.shipmentId, s);
      return [200, { order_id: s.orderId, shipment_id: s.shipmentId, status: 'RETURN PENDING', status_code: 21 }];
    },
    'POST /courier/assign/awb': (b) => {
      const s = byShipment(b);
      if (!s) return [400, { message: 'Invalid shipment id', status_code: 400 }];
      if (c.unserved.has(s.pincode)) return [200, { awb_assign_status: 0, response: { data: { awb_assign_error: `Selected pincode ${s.pincode} is not serviceable by any courier.` } } }];
      s.awb ??= `LC${String(s.shipmentId).padStart(10, '0')}`;
      c.byAwb.set(s.awb, s);
      // A return's pickup is scheduled with its AWB (§15).
      if (s.paymentMethod === 'RETURN' && !s.pickup) {
        s.pickup = true;
        if (c.options.everyMs) followTimetable(c, s);
      }
      return [200, { awb_assign_status: 1, response: { data: { awb_code: s.awb, courier_name: 'Local Surface', shipment_id: s.shipmentId, order_id: s.orderId } } }];
    },
    'POST /courier/generate/pickup': (b) => {
      const s = byShipment(b);
      if (!s?.awb) return [400, { message: 'Invalid shipment id', status_code: 400 }];
      s.pickup = true;
      if (c.options.everyMs) followTimetable(c, s);
      return [200, { pickup_status: 1, response: { pickup_scheduled_date: indiaMinute(new Date()), pickup_token_number: `Reference No: LOCAL ${s.shipmentId}` } }];
    },
    'POST /courier/generate/label': (b) => {
      const s = byShipment(b);
      if (!s?.awb) return [200, { label_created: 0, not_created: [], response: 'No valid shipment ids to print label' }];
      return [200, { label_created: 1, label_url: `${c.base}/labels/${s.shipmentId}.pdf`, response: 'Label has been created and uploaded successfully!', not_created: [] }];
    },
    'POST /orders/cancel/shipment/awbs': (b) => {
      for (const awb of Array.isArray(b.awbs) ? b.awbs : []) {
        const s = c.byAwb.get(String(awb));
        if (s) s.cancelled = true;
      }
      return [200, { message: 'Bulk Shipment cancellation is in progress. Please wait for some time.' }];
    },
    'POST /orders/cancel': () => [204, null],
  };
}

/** §10's webhook body for the parcel's scans so far. */
function scanBody(s: LocalShipment) {
  const last = s.scans.at(-1)!;
  const words = SCAN_WORDS[last.code] ?? { label: 'NA', activity: 'Update' };
  return {
    awb: s.awb,
    courier_name: 'Local Surface',
    current_status: words.label,
    shipment_status_id: Number(last.code),
    order_id: s.reference,
    sr_order_id: s.orderId,
    etd: `${indiaMinute(new Date(Date.now() + 3 * 86_400_000)).slice(0, 10)} 19:00:00`,
    scans: s.scans.map((x) => ({ date: x.date, status: x.code, activity: SCAN_WORDS[x.code]?.activity ?? 'Update', location: x.location, 'sr-status': x.code, 'sr-status-label': SCAN_WORDS[x.code]?.label ?? 'NA' })),
    is_return: ['9', '46', '10'].includes(last.code) ? 1 : 0,
  };
}

async function scan(c: Courier, awb: string, code?: string, o: { at?: Date; location?: string; token?: string } = {}): Promise<number> {
  const s = c.byAwb.get(awb);
  if (!s) throw new Error(`The local courier has no parcel ${awb}`);
  const next = code ?? HAPPY_TIMETABLE[Math.min(s.next, HAPPY_TIMETABLE.length - 1)]!.code;
  if (!code) s.next++;
  const at = o.at ?? new Date();
  s.scans.push({ date: `${indiaMinute(at)}:${String(at.getUTCSeconds()).padStart(2, '0')}`, code: next, location: o.location ?? 'Bengaluru Hub (Karnataka)' });
  const target = c.options.target(s.protocol);
  if (!target) return 0;
  const body = s.protocol === 'shiprocket' ? scanBody(s) : delhiveryPush(s);
  const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': o.token ?? c.options.webhookToken }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

function followTimetable(c: Courier, s: LocalShipment) {
  const clock = setInterval(() => {
    if (s.next >= HAPPY_TIMETABLE.length || s.cancelled) {
      clearInterval(clock);
      c.clocks.delete(clock);
      return;
    }
    scan(c, s.awb!).catch(() => {});
  }, c.options.everyMs).unref();
  c.clocks.add(clock);
}

function answerTrack(c: Courier, awb: string): Answer {
  const s = c.byAwb.get(awb);
  if (!s) return [404, { message: '404 Not Found', status_code: 404 }];
  if (s.scans.length === 0) return [200, { tracking_data: { track_status: 0, error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.' } }];
  const body = scanBody(s);
  return [200, { tracking_data: { track_status: 1, shipment_track: [{ awb_code: awb, current_status: body.current_status }], shipment_track_activities: [...body.scans].reverse(), etd: body.etd } }];
}

function answerNdr(c: Courier, awb: string, b: { action?: unknown; comments?: unknown }): Answer {
  const s = c.byAwb.get(awb);
  if (!s) return [404, { message: '404 Not Found', status_code: 404 }];
  if (!['re-attempt', 'return', 'fake-attempt'].includes(String(b.action)) || !b.comments) return [422, { message: 'Oops! Invalid Data.', status_code: 422 }];
  s.ndrActions.push(String(b.action));
  return [202, { status: 'Data Updated Sucessfully' }];
}

function answerOf(c: Courier, method: string, path: string, body: Record<string, unknown>, query: URLSearchParams): Answer {
  const track = /^\/courier\/track\/awb\/([^/]+)$/.exec(path);
  if (method === 'GET' && track) return answerTrack(c, decodeURIComponent(track[1]!));
  const ndr = /^\/ndr\/([^/]+)\/action$/.exec(path);
  if (method === 'POST' && ndr) return answerNdr(c, decodeURIComponent(ndr[1]!), body);
  const route = routesOf(c)[`${method} ${path}`];
  return route ? route(body, query) : [404, { message: '404 Not Found', status_code: 404 }];
}

function label(c: Courier, res: ServerResponse, path: string) {
  const s = c.shipments.get(Number(path.slice(8, -4)));
  if (!s?.awb) return json(res, 404, { message: 'Not Found' });
  res.writeHead(200, { 'content-type': 'application/pdf' });
  res.end(labelPdf(['Local Surface', `AWB ${s.awb}`, `Order ${s.reference}`, `To PIN ${s.pincode}`, s.paymentMethod === 'COD' ? 'COLLECT CASH' : 'PREPAID']));
}

async function handle(c: Courier, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://local');
  const path = url.pathname.replace(/^\/v1\/external/, '');
  const body = await bodyOf(req);
  if (req.method === 'GET' && /^\/labels\/\d+\.pdf$/.test(path)) return label(c, res, path);
  // The browser tests' hand on the timetable: the next scan of a parcel, or the one named.
  if (req.method === 'POST' && url.pathname === '/_local/scan') {
    const { awb, code } = (body ?? {}) as { awb?: string; code?: string };
    if (!awb || !c.byAwb.has(awb)) return json(res, 404, { message: 'No such parcel' });
    const shopAnswered = await scan(c, awb, code);
    return json(res, 200, { shopAnswered, code: c.byAwb.get(awb)!.scans.at(-1)!.code });
  }
  c.requests.push({ method: req.method ?? 'GET', path: path + url.search, body });
  if (c.failing > 0) return c.failing--, json(res, 503, { message: 'Service Unavailable' });
  const shiprocket = url.pathname.startsWith('/v1/external/');
  const authorised = shiprocket ? path === '/auth/login' || req.headers.authorization === `Bearer ${c.token}` : req.headers.authorization === `Token ${c.token}`;
  // Delhivery's 401 is a plain string (docs/research/delhivery-api.md §3).
  if (!authorised) return json(res, 401, shiprocket ? { message: 'Unauthenticated.' } : 'There has been an error but we were asked to not let you see that. Please contact the dev team.');
  const delay = c.delays.get(path);
  if (delay !== undefined) {
    c.delays.delete(path);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  const refusal = c.refusals.get(path);
  if (refusal !== undefined) {
    c.refusals.delete(path);
    return json(res, 422, { message: 'Oops! Invalid Data.', errors: { request: [refusal] }, status_code: 422 });
  }
  const [status, answer] = shiprocket
    ? answerOf(c, req.method ?? 'GET', path, (body ?? {}) as Record<string, unknown>, url.searchParams)
    : delhiveryAnswer(c, req.method ?? 'GET', path, body, url.searchParams);
  // A lost answer: the work is done, the reply never comes (the shop's call times out).
  if (c.losing.n > 0 && (!c.losing.path || c.losing.path === path)) return void c.losing.n--;
  json(res, status, answer);
}

export async function startLocalCourier(options: LocalCourierOptions): Promise<LocalCourier> {
  const c: Courier = {
    options,
    base: '',
    token: `local-${Math.random().toString(36).slice(2)}`,
    shipments: new Map(),
    byAwb: new Map(),
    requests: [],
    unserved: new Set(),
    ids: 1000,
    failing: 0,
    losing: { n: 0, path: undefined },
    refusals: new Map(),
    delays: new Map(),
    clocks: new Set(),
  };
  const server = createServer((req, res) => void handle(c, req, res).catch(() => json(res, 500, { message: 'local courier failed' })));
  keptAliveAsTheShop(server);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', resolve));
  c.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/external`;
  return {
    apiBase: c.base,
    email: EMAIL,
    password: PASSWORD,
    shipments: c.shipments,
    requests: c.requests,
    unserved: c.unserved,
    delhiveryBase: c.base.replace(/\/v1\/external$/, ''),
    delhiveryToken: c.token,
    scan: (awb, code, o) => scan(c, awb, code, o),
    failNext: (n) => void (c.failing = n),
    loseAnswers: (n, path) => void (c.losing = { n, path }),
    refuseNext: (path, words) => void c.refusals.set(path, words),
    delayNext: (path, ms) => void c.delays.set(path, ms),
    close: async () => {
      for (const clock of c.clocks) clearInterval(clock);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
