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

interface LocalShipment {
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
  /** Where to send scans: the shop's webhook, once the shop is listening. */
  target: () => string | null;
  /** Development: each parcel moves one step along the timetable this often after its pickup is asked for. */
  everyMs?: number;
  /** Its port on 127.0.0.1; any free one by default. */
  port?: number;
}

const EMAIL = 'api@local.courier';
const PASSWORD = 'local-courier';

export interface LocalCourier {
  /** Give this to the Shiprocket adapter as its API base. */
  apiBase: string;
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

export async function startLocalCourier(options: LocalCourierOptions): Promise<LocalCourier> {
  const shipments = new Map<number, LocalShipment>();
  const byAwb = new Map<string, LocalShipment>();
  const requests: LocalCourier['requests'] = [];
  const unserved = new Set<string>();
  const token = `local-${Math.random().toString(36).slice(2)}`;
  let ids = 1000;
  let failing = 0;
  let losing = { n: 0, path: undefined as string | undefined };
  const refusals = new Map<string, string>();
  const clocks = new Set<NodeJS.Timeout>();

  const routes = routesOf();
  function routesOf() {
    return {
      'POST /auth/login': (b: { email?: string; password?: string }) =>
        b.email === EMAIL && b.password === PASSWORD ? ([200, { token, id: 1, email: EMAIL }] as const) : ([403, { message: 'Invalid email and password combination', status_code: 403 }] as const),
      'GET /orders': (_b: unknown, q: URLSearchParams) => {
        const found = [...shipments.values()].filter((s) => s.reference === q.get('search'));
        return [200, { data: found.map((s) => ({ id: s.orderId, channel_order_id: s.reference, shipments: [{ id: s.shipmentId, awb: s.awb }] })) }] as const;
      },
      'POST /orders/create/adhoc': (b: Record<string, unknown>) => {
        if (!(Number(b.weight) > 0)) return [422, { message: 'Oops! Invalid Data.', errors: { weight: ['The weight must be greater than 0.'] }, status_code: 422 }] as const;
        if (typeof b.pickup_location !== 'string' || !b.pickup_location) return [422, { message: 'Oops! Invalid Data.', errors: { pickup_location: ['The pickup location field is required.'] }, status_code: 422 }] as const;
        const s: LocalShipment = { orderId: ++ids, shipmentId: ++ids, reference: String(b.order_id), pincode: String(b.billing_pincode), paymentMethod: String(b.payment_method), awb: null, pickup: false, cancelled: false, scans: [], next: 0, ndrActions: [] };
        shipments.set(s.shipmentId, s);
        return [200, { order_id: s.orderId, shipment_id: s.shipmentId, status: 'NEW', status_code: 1, awb_code: null }] as const;
      },
      'POST /courier/assign/awb': (b: { shipment_id?: number }) => {
        const s = shipments.get(Number(b.shipment_id));
        if (!s) return [400, { message: 'Invalid shipment id', status_code: 400 }] as const;
        if (unserved.has(s.pincode)) return [200, { awb_assign_status: 0, response: { data: { awb_assign_error: `Selected pincode ${s.pincode} is not serviceable by any courier.` } } }] as const;
        s.awb ??= `LC${String(s.shipmentId).padStart(10, '0')}`;
        byAwb.set(s.awb, s);
        return [200, { awb_assign_status: 1, response: { data: { awb_code: s.awb, courier_name: 'Local Surface', shipment_id: s.shipmentId, order_id: s.orderId } } }] as const;
      },
      'POST /courier/generate/pickup': (b: { shipment_id?: number[] }) => {
        const s = shipments.get(Number(b.shipment_id?.[0]));
        if (!s?.awb) return [400, { message: 'Invalid shipment id', status_code: 400 }] as const;
        s.pickup = true;
        if (options.everyMs) followTimetable(s);
        return [200, { pickup_status: 1, response: { pickup_scheduled_date: indiaMinute(new Date()), pickup_token_number: `Reference No: LOCAL ${s.shipmentId}` } }] as const;
      },
      'POST /courier/generate/label': (b: { shipment_id?: number[] }) => {
        const s = shipments.get(Number(b.shipment_id?.[0]));
        if (!s?.awb) return [200, { label_created: 0, not_created: [], response: 'No valid shipment ids to print label' }] as const;
        return [200, { label_created: 1, label_url: `${base}/labels/${s.shipmentId}.pdf`, response: 'Label has been created and uploaded successfully!', not_created: [] }] as const;
      },
      'POST /orders/cancel/shipment/awbs': (b: { awbs?: string[] }) => {
        for (const awb of b.awbs ?? []) {
          const s = byAwb.get(awb);
          if (s) s.cancelled = true;
        }
        return [200, { message: 'Bulk Shipment cancellation is in progress. Please wait for some time.' }] as const;
      },
      'POST /orders/cancel': () => [204, null] as const,
    };
  }

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

  async function scan(awb: string, code?: string, o: { at?: Date; location?: string; token?: string } = {}): Promise<number> {
    const s = byAwb.get(awb);
    if (!s) throw new Error(`The local courier has no parcel ${awb}`);
    const next = code ?? HAPPY_TIMETABLE[Math.min(s.next, HAPPY_TIMETABLE.length - 1)]!.code;
    if (!code) s.next++;
    s.scans.push({ date: `${indiaMinute(o.at ?? new Date())}:${String((o.at ?? new Date()).getUTCSeconds()).padStart(2, '0')}`, code: next, location: o.location ?? 'Bengaluru Hub (Karnataka)' });
    const target = options.target();
    if (!target) return 0;
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': o.token ?? options.webhookToken }, body: JSON.stringify(scanBody(s)) });
    await res.arrayBuffer();
    return res.status;
  }

  function followTimetable(s: LocalShipment) {
    const clock = setInterval(() => {
      if (s.next >= HAPPY_TIMETABLE.length || s.cancelled) {
        clearInterval(clock);
        clocks.delete(clock);
        return;
      }
      scan(s.awb!).catch(() => {});
    }, options.everyMs).unref();
    clocks.add(clock);
  }

  function answerTrack(awb: string): [number, unknown] {
    const s = byAwb.get(awb);
    if (!s) return [404, { message: '404 Not Found', status_code: 404 }];
    if (s.scans.length === 0) return [200, { tracking_data: { track_status: 0, error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.' } }];
    const body = scanBody(s);
    return [200, { tracking_data: { track_status: 1, shipment_track: [{ awb_code: awb, current_status: body.current_status }], shipment_track_activities: [...body.scans].reverse(), etd: body.etd } }];
  }

  function answerNdr(awb: string, b: { action?: string; comments?: string }): [number, unknown] {
    const s = byAwb.get(awb);
    if (!s) return [404, { message: '404 Not Found', status_code: 404 }];
    if (!['re-attempt', 'return', 'fake-attempt'].includes(String(b.action)) || !b.comments) return [422, { message: 'Oops! Invalid Data.', status_code: 422 }];
    s.ndrActions.push(String(b.action));
    return [202, { status: 'Data Updated Sucessfully' }];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.replace(/^\/v1\/external/, '');
    const body = await bodyOf(req);
    if (req.method === 'GET' && /^\/labels\/\d+\.pdf$/.test(path)) {
      const s = shipments.get(Number(path.slice(8, -4)));
      if (!s?.awb) return json(res, 404, { message: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(labelPdf(['Local Surface', `AWB ${s.awb}`, `Order ${s.reference}`, `To PIN ${s.pincode}`, s.paymentMethod === 'COD' ? 'COLLECT CASH' : 'PREPAID']));
    }
    // The browser tests' hand on the timetable: the next scan of a parcel, or the one named.
    if (req.method === 'POST' && url.pathname === '/_local/scan') {
      const { awb, code } = (body ?? {}) as { awb?: string; code?: string };
      if (!awb || !byAwb.has(awb)) return json(res, 404, { message: 'No such parcel' });
      return json(res, 200, { shopAnswered: await scan(awb, code) });
    }
    requests.push({ method: req.method ?? 'GET', path: path + url.search, body });
    if (failing > 0) return failing--, json(res, 503, { message: 'Service Unavailable' });
    if (path !== '/auth/login' && req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { message: 'Unauthenticated.' });
    const refusal = refusals.get(path);
    if (refusal !== undefined) {
      refusals.delete(path);
      return json(res, 422, { message: 'Oops! Invalid Data.', errors: { request: [refusal] }, status_code: 422 });
    }
    const answer = routeAnswer(req.method ?? 'GET', path, body, url.searchParams);
    // A lost answer: the work is done, the reply never comes (the shop's call times out).
    if (losing.n > 0 && (!losing.path || losing.path === path)) return void losing.n--;
    json(res, answer[0], answer[1]);
  }

  function routeAnswer(method: string, path: string, body: unknown, query: URLSearchParams): readonly [number, unknown] {
    const track = /^\/courier\/track\/awb\/([^/]+)$/.exec(path);
    if (method === 'GET' && track) return answerTrack(decodeURIComponent(track[1]!));
    const ndr = /^\/ndr\/([^/]+)\/action$/.exec(path);
    if (method === 'POST' && ndr) return answerNdr(decodeURIComponent(ndr[1]!), (body ?? {}) as { action?: string });
    const route = (routes as Record<string, (b: never, q: URLSearchParams) => readonly [number, unknown]>)[`${method} ${path}`];
    return route ? route((body ?? {}) as never, query) : [404, { message: '404 Not Found', status_code: 404 }];
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => json(res, 500, { message: 'local courier failed' })));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/external`;
  return {
    apiBase: base,
    email: EMAIL,
    password: PASSWORD,
    shipments,
    requests,
    unserved,
    scan,
    failNext: (n) => void (failing = n),
    loseAnswers: (n, path) => void (losing = { n, path }),
    refuseNext: (path, words) => void refusals.set(path, words),
    close: async () => {
      for (const clock of clocks) clearInterval(clock);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
