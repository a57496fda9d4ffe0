/**
 * WhatsApp and SMS order updates (issue 48) through the real API and the shop's own adapters,
 * against the local chat stand-in, on PGlite and PostgreSQL: only for a shopper who asked (at
 * checkout, through the profile's API), one message per step and channel however often a scan
 * comes, a failed send tried again, stopped from the profile; SMS through MSG91's flow with the
 * step's DLT-mapped template.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../../db/schema/index.ts';
import { send } from '../../test/accounts-kit.ts';
import { startParcelShop, type ParcelShop } from '../../test/parcels-kit.ts';
import { createMsg91 } from './chat.ts';
import { startLocalChat } from './local-chat.ts';

let p: ParcelShop;
beforeAll(async () => void (p = await startParcelShop()));
afterAll(() => p.close());

const updates = (on: unknown, cookie = p.shopper.s.cookie) => send(p.t, 'PUT', '/api/profile/order-updates', { on }, cookie);
const chatsFor = (orderNumber: string) => p.chat.sent.filter((m) => m.values[1] === orderNumber);
/** A paid order of the shopper's, booked with the courier. */
async function shippedOrder() {
  const id = await p.paidOrder();
  expect((await p.book(id)).status).toBe(200);
  const mine = (await (await send(p.t, 'GET', '/api/orders', undefined, p.shopper.s.cookie)).json()).items as { id: string; orderNumber: string }[];
  return { id, awb: await p.awbOf(id), orderNumber: mine.find((o) => o.id === id)!.orderNumber };
}

describe('WhatsApp order updates', () => {
  it('go only to a shopper who asked, once per step, with the courier and the tracking link', async () => {
    const quiet = await shippedOrder();
    await p.scan(quiet.awb);
    await p.t.shop.notifier.settled();
    expect(chatsFor(quiet.orderNumber)).toHaveLength(0);

    const asked = await updates(true);
    expect(asked.status).toBe(200);
    expect((await asked.json()).orderUpdates).toBe(true);
    const { id, awb, orderNumber } = await shippedOrder();
    await p.scan(awb); // picked up: shipped
    await p.scan(awb); // in transit: nothing to say
    await p.scan(awb); // out for delivery
    await p.t.shop.notifier.settled();
    await p.t.shop.notifier.sendDue();
    const mine = chatsFor(orderNumber);
    expect(mine.map((m) => m.template)).toEqual(['vastra_order_shipped', 'vastra_order_out_for_delivery']);
    expect(mine[1]).toMatchObject({ channel: 'whatsapp', to: '919876543210', values: ['Kavya', orderNumber, `Local Surface, AWB ${awb}`, `https://shop.example.in/track?order=${orderNumber}&pin=570001`] });
    // The same scans again: nothing more is sent.
    await p.scan(awb, '17');
    await p.t.shop.notifier.sendDue();
    expect(chatsFor(orderNumber)).toHaveLength(2);
    const rows = await p.t.database.db.select().from(orderMessages).where(eq(orderMessages.orderId, id));
    expect(rows.filter((r) => r.channel === 'whatsapp').every((r) => r.status === 'sent' && r.providerId?.startsWith('wamid.'))).toBe(true);
  });

  it('a send that fails is tried again later, never twice; stopped from the profile, no more are sent', async () => {
    await updates(true);
    const { awb, orderNumber, id } = await shippedOrder();
    p.chat.failNext(1);
    await p.scan(awb);
    await p.t.shop.notifier.settled();
    expect(chatsFor(orderNumber)).toHaveLength(0);
    const [queued] = await p.t.database.db.select().from(orderMessages).where(eq(orderMessages.orderId, id)).then((r) => r.filter((m) => m.channel === 'whatsapp'));
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.error).toMatch(/busy or failing/);
    await p.t.database.db.update(orderMessages).set({ sendAfter: sql`now()` }).where(eq(orderMessages.id, queued!.id));
    await p.t.shop.notifier.sendDue();
    await p.t.shop.notifier.sendDue();
    expect(chatsFor(orderNumber)).toHaveLength(1);

    const stopped = await updates(false);
    expect((await stopped.json()).orderUpdates).toBe(false);
    await p.scan(awb, '17');
    await p.t.shop.notifier.settled();
    await p.t.shop.notifier.sendDue();
    expect(chatsFor(orderNumber)).toHaveLength(1);
  });

  it('is the shopper’s own switch: refused signed out, and for anything but on or off', async () => {
    expect((await send(p.t, 'PUT', '/api/profile/order-updates', { on: true })).status).toBe(401);
    for (const on of ['yes', 1, null]) expect((await updates(on)).status).toBe(422);
  });
});

describe('SMS through MSG91', () => {
  it('sends the step’s template with its values, and refuses a step with no template', async () => {
    const chat = await startLocalChat();
    try {
      const sms = createMsg91({ authKey: chat.token, templates: { delivered: '64f0a2' }, apiBase: chat.msg91Base });
      expect(await sms.send({ step: 'delivered', phone: '9876543210', values: ['Kavya', 'VA100001', 'Delhivery, AWB 1', 'https://x/track'] })).toMatch(/^local/);
      expect(chat.sent.at(-1)).toEqual({ channel: 'sms', to: '919876543210', template: '64f0a2', values: ['Kavya', 'VA100001', 'Delhivery, AWB 1', 'https://x/track'] });
      await expect(sms.send({ step: 'shipped', phone: '9876543210', values: [] })).rejects.toThrow(/No SMS template is set for shipped/);
      const wrong = createMsg91({ authKey: 'wrong-key', templates: { delivered: '64f0a2' }, apiBase: chat.msg91Base });
      await expect(wrong.send({ step: 'delivered', phone: '9876543210', values: [] })).rejects.toThrow(/Authentication failure/);
    } finally {
      await chat.close();
    }
  });
});
