/** The delivery date and zone rules (issue 17) on fixed clocks: cut-off, Sundays, holidays, India's time whatever the machine's. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY, deliveryText, deliveryWindow, indiaClock, zoneOf, type DeliverySettings, type PinPlace } from './delivery.ts';

/** A moment given in India's time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const oneDay: DeliverySettings = { ...DEFAULT_DELIVERY, transit: { ...DEFAULT_DELIVERY.transit, rest: { min: 4, max: 4 } } };

describe('the delivery window', () => {
  it('counts from today before the cut-off and from the next dispatch day after it', () => {
    // Thursday 26 Nov 2026.
    expect(deliveryWindow(ist('2026-11-26T13:59'), oneDay, 'rest')).toEqual({ dispatch: '2026-11-27', earliest: '2026-12-01', latest: '2026-12-01' });
    expect(deliveryWindow(ist('2026-11-26T14:00'), oneDay, 'rest')).toEqual({ dispatch: '2026-11-28', earliest: '2026-12-02', latest: '2026-12-02' });
  });

  it('skips Sundays, for the order day and for packing', () => {
    // Saturday after the cut-off: Sunday is closed, so Monday is the first day, Tuesday the dispatch.
    expect(deliveryWindow(ist('2026-11-28T18:00'), oneDay, 'rest').dispatch).toBe('2026-12-01');
    // Sunday morning: nothing happens until Monday.
    expect(deliveryWindow(ist('2026-11-29T09:00'), oneDay, 'rest').dispatch).toBe('2026-12-01');
    // Saturday morning, one packing day: Sunday is skipped.
    expect(deliveryWindow(ist('2026-11-28T09:00'), oneDay, 'rest').dispatch).toBe('2026-11-30');
  });

  it('skips the listed holidays and the weekdays the owner closes', () => {
    const s = { ...oneDay, holidays: ['2026-11-27'], closedWeekdays: [0, 6] };
    // Thursday before the cut-off: Friday is a holiday, Saturday and Sunday closed.
    expect(deliveryWindow(ist('2026-11-26T10:00'), s, 'rest').dispatch).toBe('2026-11-30');
  });

  it('dispatches the same day with no packing days, before the cut-off', () => {
    expect(deliveryWindow(ist('2026-11-26T10:00'), { ...oneDay, processingDays: 0 }, 'rest').dispatch).toBe('2026-11-26');
  });

  it("reads India's date and time whatever the server's zone: 20:00 UTC is the next day in India", () => {
    expect(indiaClock(new Date('2026-11-26T20:00:00Z'))).toEqual({ day: '2026-11-27', minutes: 90 });
    expect(indiaClock(new Date('2026-12-31T18:29:00Z'))).toEqual({ day: '2026-12-31', minutes: 23 * 60 + 59 });
  });

  it('adds the zone’s transit, and says one date or two', () => {
    const w = deliveryWindow(ist('2026-11-26T10:00'), DEFAULT_DELIVERY, 'far');
    expect(w).toEqual({ dispatch: '2026-11-27', earliest: '2026-12-04', latest: '2026-12-07' });
    expect(deliveryText(w)).toBe('Delivery between Fri, 4 Dec and Mon, 7 Dec');
    expect(deliveryText({ earliest: '2026-12-04', latest: '2026-12-04' })).toBe('Delivery by Fri, 4 Dec');
  });
});

describe('zones from the dispatch PIN', () => {
  const chennai: PinPlace = { pincode: '600017', district: 'CHENNAI', states: ['Tamil Nadu'] };
  const place = (pincode: string, district: string, ...states: PinPlace['states']): PinPlace => ({ pincode, district, states });

  it('tells the same city, the same state, metro to metro, the far regions and the rest', () => {
    expect(zoneOf(chennai, place('600004', 'CHENNAI', 'Tamil Nadu'))).toBe('sameCity');
    expect(zoneOf(chennai, place('641001', 'COIMBATORE', 'Tamil Nadu'))).toBe('sameState');
    expect(zoneOf(chennai, place('400001', 'MUMBAI', 'Maharashtra'))).toBe('metro');
    expect(zoneOf(chennai, place('795001', 'IMPHAL WEST', 'Manipur'))).toBe('far');
    expect(zoneOf(chennai, place('744101', 'SOUTH ANDAMANS', 'Andaman and Nicobar Islands'))).toBe('far');
    expect(zoneOf(chennai, place('302001', 'JAIPUR', 'Rajasthan'))).toBe('rest');
  });

  it('takes a metro’s districts as one city, and a PIN on a state line as in either state', () => {
    const delhi = place('110001', 'NEW DELHI', 'Delhi');
    expect(zoneOf(delhi, place('110085', 'NORTH WEST DELHI', 'Delhi'))).toBe('sameCity');
    expect(zoneOf(place('500001', 'HYDERABAD', 'Telangana'), place('506003', 'HANUMAKONDA', 'Andhra Pradesh', 'Telangana'))).toBe('sameState');
  });
});
