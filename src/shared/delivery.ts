/**
 * Delivery to a PIN code (design.md, Delivery Info): which zone a PIN is in from the shop's
 * dispatch PIN, and by which date a piece ordered now reaches it. Pure, so the product page,
 * checkout and tests share one rule; the server runs it with the owner's settings and India's clock.
 */
import type { IndiaState } from './india.ts';
import { indiaClock } from './india-time.ts';

export const PIN_UNKNOWN = 'We could not find this pincode. Please check it.';
export const PIN_NOT_SERVED = 'We do not deliver to this pincode yet.';
export const PIN_CHECK_OFF = 'This piece is not sent by PIN-code delivery.';

export const pinStateMismatch = (pin: string, state: string, chosen: string) => `Pincode ${pin} is in ${state}, not ${chosen}.`;

/** The owner's transit zones, nearest first; the far regions take longest whatever the distance. */
export const ZONES = ['sameCity', 'sameState', 'metro', 'rest', 'far'] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_LABELS: Readonly<Record<Zone, string>> = {
  sameCity: 'Same city',
  sameState: 'Same state',
  metro: 'Metro to metro',
  rest: 'Rest of India',
  far: 'North-East, Jammu & Kashmir, Ladakh, Andaman & Nicobar, Lakshadweep',
};

/**
 * The regions couriers serve last (Shiprocket's zone E and its peers): the North-East, the
 * Himalayan union territories and the islands.
 */
export const FAR_STATES: ReadonlySet<IndiaState> = new Set<IndiaState>([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/** The eight metros by their PINs' first three digits (the sorting district of each city's head office). */
export const METRO_PREFIXES: Readonly<Record<string, string>> = {
  '110': 'Delhi',
  '400': 'Mumbai',
  '700': 'Kolkata',
  '600': 'Chennai',
  '560': 'Bengaluru',
  '500': 'Hyderabad',
  '411': 'Pune',
  '380': 'Ahmedabad',
};

/** A PIN as India Post's directory places it. A few PINs straddle a state line: they list both. */
export interface PinPlace {
  pincode: string;
  district: string;
  states: IndiaState[];
}

const metroOf = (pin: string) => METRO_PREFIXES[pin.slice(0, 3)];

export function zoneOf(from: PinPlace, to: PinPlace): Zone {
  const fromMetro = metroOf(from.pincode);
  if (from.district === to.district || (fromMetro && fromMetro === metroOf(to.pincode))) return 'sameCity';
  if (to.states.some((s) => from.states.includes(s))) return 'sameState';
  if (to.states.some((s) => FAR_STATES.has(s))) return 'far';
  if (fromMetro && metroOf(to.pincode)) return 'metro';
  return 'rest';
}

export interface TransitDays {
  min: number;
  max: number;
}

/** What the owner sets for dispatch and delivery (the admin's Delivery settings). */
export interface DeliverySettings {
  /** Where parcels leave from. */
  dispatchPin: string;
  /** Dispatch days to pack an order before it is handed over (0: the same day, before the cut-off). */
  processingDays: number;
  /** 'HH:MM' in India's time: an order after it counts from the next dispatch day. */
  cutoff: string;
  /** Days of the week nothing is dispatched, 0 Sunday to 6 Saturday. */
  closedWeekdays: number[];
  /** Dates nothing is dispatched, 'YYYY-MM-DD'. */
  holidays: string[];
  transit: Record<Zone, TransitDays>;
  /** Cash on Delivery: an order's total must lie within these, in paise. */
  codMinPaise: number;
  codMaxPaise: number;
  /** Cash on Delivery orders a shopper may have open (not yet paid in cash) at once. */
  codOpenOrdersMax: number;
}

export const DEFAULT_DELIVERY: DeliverySettings = {
  // T. Nagar, Chennai: where the demo boutique (src/shared/store.ts) is.
  dispatchPin: '600017',
  processingDays: 1,
  cutoff: '14:00',
  closedWeekdays: [0],
  holidays: [],
  // Printrove's published surface SLA from Chennai, a day's spread each (docs/decisions/0020-delivery.md).
  transit: {
    sameCity: { min: 1, max: 2 },
    sameState: { min: 2, max: 3 },
    metro: { min: 3, max: 5 },
    rest: { min: 5, max: 7 },
    far: { min: 7, max: 10 },
  },
  codMinPaise: 0,
  codMaxPaise: 10_000_00,
  codOpenOrdersMax: 2,
};

/** Kept here too: the delivery rules' tests read India's clock beside them. */
export { indiaClock };

/** Calendar arithmetic on 'YYYY-MM-DD', done at UTC midnight so no clock shift can move a day. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export interface DeliveryWindow {
  /** The day it leaves the shop. */
  dispatch: string;
  earliest: string;
  latest: string;
}

/**
 * When an order placed at `now` reaches a PIN in `zone`: the first dispatch day it can be worked on
 * (today before the cut-off, else the next), plus the packing days counted in dispatch days, then the
 * zone's transit in calendar days (couriers run through the week).
 */
export function deliveryWindow(now: Date, s: DeliverySettings, zone: Zone): DeliveryWindow {
  const closed = (day: string) => s.closedWeekdays.includes(weekdayOf(day)) || s.holidays.includes(day);
  // The contract keeps a weekday open and at most a year of holidays, so this always ends.
  const nextOpen = (day: string) => {
    let d = addDays(day, 1);
    while (closed(d)) d = addDays(d, 1);
    return d;
  };
  const { day: today, minutes } = indiaClock(now);
  let day = closed(today) || minutes >= minutesOf(s.cutoff) ? nextOpen(today) : today;
  for (let i = 0; i < s.processingDays; i++) day = nextOpen(day);
  const transit = s.transit[zone];
  return { dispatch: day, earliest: addDays(day, transit.min), latest: addDays(day, transit.max) };
}

const shortDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** 'Thu, 4 Dec'. */
export const dayText = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** 'Delivery by Thu, 4 Dec', or 'Delivery between Tue, 2 Dec and Thu, 4 Dec'. */
export function deliveryText(w: Pick<DeliveryWindow, 'earliest' | 'latest'>): string {
  return w.earliest === w.latest ? `Delivery by ${dayText(w.latest)}` : `Delivery between ${dayText(w.earliest)} and ${dayText(w.latest)}`;
}

/** What the PIN check answers for a piece (GET /api/delivery). */
export type DeliveryCheck =
  | { served: false; pincode: string; place: string; message: string }
  | {
      served: true;
      pincode: string;
      /** 'Chennai, Tamil Nadu'. */
      place: string;
      zone: Zone;
      earliest: string;
      latest: string;
      text: string;
      cod: boolean;
      codText: string;
    };
