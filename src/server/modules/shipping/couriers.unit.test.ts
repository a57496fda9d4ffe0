/** The couriers' words as the shop's steps, and their times read as India's (docs/research/*-api.md). */
import { describe, expect, it } from 'vitest';
import { fromIndiaWall } from '../../../shared/india-time.ts';
import { delhiveryStep } from './delhivery.courier.ts';
import { SHIPROCKET_STEPS } from './shiprocket.courier.ts';
import { sameSecret } from './courier-http.ts';

describe('a courier’s local time', () => {
  it.each([
    ['2023-05-19 11:59:16', '2023-05-19T06:29:16.000Z'],
    ['2024-09-20T15:41:19.002', '2024-09-20T10:11:19.002Z'],
    ['2024-09-20T15:41:19.002345', '2024-09-20T10:11:19.002Z'],
    ['2024-01-01 00:10', '2023-12-31T18:40:00.000Z'],
  ])('reads %s as India’s wall clock', (text, iso) => expect(fromIndiaWall(text)?.toISOString()).toBe(iso));

  it.each(['2026-02-30 10:00:00', '2026-13-01 10:00:00', '23 05 2023 11:43:52', 'yesterday', '', '2026-01-01 25:00:00'])('refuses %j', (text) => expect(fromIndiaWall(text)).toBeNull());
});

describe('the steps', () => {
  it('reads Shiprocket’s confirmed codes, and leaves any other to the history', () => {
    expect(SHIPROCKET_STEPS['42']).toBe('picked_up');
    expect(SHIPROCKET_STEPS['17']).toBe('out_for_delivery');
    expect(SHIPROCKET_STEPS['7']).toBe('delivered');
    expect(SHIPROCKET_STEPS['10']).toBe('returned');
    expect(SHIPROCKET_STEPS['NA']).toBeUndefined();
    expect(SHIPROCKET_STEPS['12']).toBeUndefined(); // "Lost": the owner looks, nothing moves by itself
  });

  it.each([
    ['UD', 'Manifested', 'X-UCI', null],
    ['UD', 'In Transit', 'X-PPOM', 'picked_up'],
    ['UD', 'In Transit', 'X-PIOM', 'in_transit'],
    ['UD', 'Pending', 'EOD-11', 'attempt_failed'],
    ['UD', 'Pending', 'X-DLL2F', 'in_transit'],
    ['UD', 'Dispatched', 'X-DDD3FD', 'out_for_delivery'],
    ['DL', 'Delivered', 'EOD-38', 'delivered'],
    ['RT', 'In Transit', 'RT-101', 'returning'],
    ['DL', 'RTO', 'RT-113', 'returned'],
    ['PP', 'Open', 'X', null],
    // A reverse pickup (issue 49): pending, then picked up and on its way, then delivered to the shop.
    ['PP', 'Scheduled', 'X-ASP', null],
    ['PU', 'In Transit', 'X-PPOM', 'picked_up'],
    ['PU', 'In Transit', 'X-IBD3F', 'in_transit'],
    ['PU', 'Dispatched', 'X-DDD3FD', 'out_for_delivery'],
    ['DL', 'DTO', 'RD-AC', 'delivered'],
  ])('reads Delhivery’s %s %s %s as %s', (type, status, code, step) => expect(delhiveryStep(type, status, code)).toBe(step));
});

describe('a webhook’s secret', () => {
  it('matches only the same secret, whatever the lengths', () => {
    expect(sameSecret('a-long-shared-secret', 'a-long-shared-secret')).toBe(true);
    for (const wrong of ['a-long-shared-secreT', 'a', '', null, undefined, 'a-long-shared-secret ']) expect(sameSecret(wrong, 'a-long-shared-secret')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });
});
