/**
 * The local courier's Delhivery side (docs/research/delhivery-api.md): create with the JSON in a
 * form's `data` field, tracking by waybill or reference, the day's pickup, the packing slip's link,
 * cancel and re-attempt by edit, and the scan push, each answered as Delhivery's docs and
 * recordings show. The parcels are the local courier's own (local-courier.ts), kept in its state.
 */
import { indiaMinute } from '../../../shared/india-time.ts';
import type { Answer, Courier, LocalShipment } from './local-courier.ts';

/** The local courier's timetable codes (Shiprocket's) as Delhivery says them: StatusType, Status, NSL code, words. */
const DELHIVERY_SCANS: Record<string, [string, string, string, string]> = {
  '42': ['UD', 'In Transit', 'X-PPOM', 'Shipment picked up'],
  '18': ['UD', 'In Transit', 'X-IBD3F', 'Shipment received at facility'],
  '17': ['UD', 'Dispatched', 'X-DDD3FD', 'Out for delivery'],
  '7': ['DL', 'Delivered', 'EOD-38', 'Delivered to consignee'],
  '21': ['UD', 'Pending', 'EOD-11', 'Consignee unavailable'],
  '9': ['RT', 'In Transit', 'RT-101', 'Returned as per client instruction'],
  '46': ['RT', 'In Transit', 'RT-110', 'Return in transit'],
  '10': ['DL', 'RTO', 'RT-113', 'Returned to the seller'],
  '8': ['CN', 'Canceled', 'CN-1', 'Shipment cancelled'],
};

/** A reverse pickup's (payment mode `Pickup`, issue 49): picked up from the shopper, delivered back to the shop. */
const REVERSE_SCANS: Record<string, [string, string, string, string]> = {
  '42': ['PU', 'In Transit', 'X-PPOM', 'Shipment picked up'],
  '18': ['PU', 'In Transit', 'X-IBD3F', 'Shipment received at facility'],
  '17': ['PU', 'Dispatched', 'X-DDD3FD', 'Out for delivery to the seller'],
  '7': ['DL', 'DTO', 'RD-AC', 'Delivered to the seller'],
};

const wordsOf = (code: string, s?: LocalShipment) => (s?.paymentMethod === 'Pickup' ? REVERSE_SCANS[code] : undefined) ?? DELHIVERY_SCANS[code] ?? ['UD', 'In Transit', 'X-UNK', 'Update'];
const isoLocal = (date: string) => date.replace(' ', 'T');

/** §9: one push per status, its time on India's wall clock with no zone. */
export function delhiveryPush(s: LocalShipment) {
  const last = s.scans.at(-1)!;
  const [type, status, nsl, words] = wordsOf(last.code, s);
  return { Shipment: { AWB: s.awb, ReferenceNo: s.reference, NSLCode: nsl, Status: { Status: status, StatusType: type, StatusDateTime: isoLocal(last.date), StatusLocation: last.location, Instructions: words } } };
}

/** §6: a shipment as tracking answers it, its scans oldest first. */
function tracked(s: LocalShipment) {
  return {
    Shipment: {
      AWB: s.awb,
      ReferenceNo: s.reference,
      ExpectedDeliveryDate: `${indiaMinute(new Date(Date.now() + 3 * 86_400_000)).slice(0, 10)}T19:00:00`,
      Scans: s.scans.map((x) => {
        const [type, status, nsl, words] = wordsOf(x.code, s);
        return { ScanDetail: { ScanDateTime: isoLocal(x.date), ScanType: type, Scan: status, StatusCode: nsl, ScannedLocation: x.location, Instructions: words } };
      }),
    },
  };
}

/** §3: the form's `data` field, a JSON of shipments; a failure is 200 with success false. */
function create(c: Courier, body: unknown): Answer {
  let data: { shipments?: Record<string, unknown>[]; pickup_location?: { name?: string } };
  try {
    data = JSON.parse(new URLSearchParams(typeof body === 'string' ? body : '').get('data') ?? '{}');
  } catch {
    return [200, 'format key missing in the post'];
  }
  const shipment = data.shipments?.[0];
  if (!shipment || !data.pickup_location?.name) return [200, { success: false, rmk: 'ClientWarehouse matching query does not exist.', packages: [] }];
  const pin = String(shipment.pin);
  if (c.unserved.has(pin)) {
    return [200, { success: false, rmk: 'An internal Error has occurred', packages: [{ status: 'Fail', waybill: '', refnum: shipment.order, remarks: [`Crashing while saving package due to exception '${pin} is non serviceable pincode'. Package might have been partially saved.`] }] }];
  }
  const s: LocalShipment = { protocol: 'delhivery', orderId: ++c.ids, shipmentId: ++c.ids, reference: String(shipment.order), pincode: pin, paymentMethod: String(shipment.payment_mode), awb: null, pickup: false, cancelled: false, scans: [], next: 0, ndrActions: [] };
  s.awb = `DL${String(s.shipmentId).padStart(12, '0')}`;
  c.shipments.set(s.shipmentId, s);
  c.byAwb.set(s.awb, s);
  return [200, { success: true, package_count: 1, packages: [{ status: 'Success', waybill: s.awb, refnum: s.reference, remarks: [''], payment: s.paymentMethod === 'COD' ? 'COD' : 'Pre-paid', serviceable: true }] }];
}

export function delhiveryAnswer(c: Courier, method: string, path: string, body: unknown, query: URLSearchParams): Answer {
  const json = (body ?? {}) as Record<string, unknown>;
  const mine = [...c.shipments.values()].filter((s) => s.protocol === 'delhivery');
  if (method === 'POST' && path === '/api/cmu/create.json') return create(c, body);
  if (method === 'GET' && path === '/api/v1/packages/json/') {
    const waybills = (query.get('waybill') ?? '').split(',').filter(Boolean);
    const refs = (query.get('ref_ids') ?? '').split(',').filter(Boolean);
    const found = mine.filter((s) => (s.awb && waybills.includes(s.awb)) || refs.includes(s.reference));
    return [200, found.length ? { ShipmentData: found.map(tracked) } : { rmk: 'No such waybill or Order Id found', Success: false, Error: 'No such waybill or Order Id found' }];
  }
  if (method === 'POST' && path === '/fm/request/new/') {
    if (!json.pickup_location || !json.pickup_date || !json.pickup_time) return [400, { error: { message: 'pickup_location, pickup_date and pickup_time are required' } }];
    for (const s of mine) s.pickup = true;
    return [201, { pickup_id: ++c.ids, pickup_location_name: json.pickup_location, pickup_date: json.pickup_date, pickup_time: json.pickup_time, expected_package_count: json.expected_package_count }];
  }
  if (method === 'GET' && path === '/api/p/packing_slip') {
    const s = mine.find((x) => x.awb === query.get('wbns'));
    return [200, s ? { packages: [{ wbn: s.awb, pdf_download_link: `${c.base}/labels/${s.shipmentId}.pdf` }], packages_found: 1 } : { packages: [], packages_found: 0 }];
  }
  if (method === 'POST' && path === '/api/p/edit') {
    const s = mine.find((x) => x.awb === json.waybill);
    if (!s) return [200, { status: false, error: 'Waybill not found' }];
    if (json.cancellation === 'true') s.ndrActions.push('cancel');
    return [200, { status: true, waybill: s.awb, remark: 'Shipment has been cancelled.' }];
  }
  if (method === 'POST' && path === '/api/p/update') {
    for (const act of (json.data as { waybill?: string; act?: string }[] | undefined) ?? []) mine.find((x) => x.awb === act.waybill)?.ndrActions.push(String(act.act));
    return [200, { request_id: `UPL${++c.ids}` }];
  }
  return [404, '<html><body>Not Found</body></html>'];
}
