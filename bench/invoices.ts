/**
 * npx tsx bench/invoices.ts [--orders 200] [--register 10000]
 *
 * Tax invoices (issue 18) through the real HTTP API over a socket, on a fresh database (PGlite in a
 * temp folder, or with DATABASE_URL a throwaway database on that PostgreSQL server):
 * - `--orders` orders are placed, paid (test mode) and shipped, each issuing its invoice; then each
 *   invoice's PDF is downloaded by the owner one after another, and the time of each, from the
 *   request to its last byte, gives p50 and p99 (the PDF is drawn per request: nothing is cached);
 * - the shipped orders and their invoices are copied in SQL up to `--register` invoices in the
 *   month, and the month's register is downloaded in both shapes, five times each.
 *
 * `npm run bench` runs it after the load scenarios; the server runs in this process, as PGlite's
 * does in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { gstinCheckChar } from '../src/shared/gstin.ts';
import { indiaMonth } from '../src/shared/india-time.ts';
import type { Db } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemoCatalogOnce } from '../src/server/db/seed/demo.ts';
import { createOwners } from '../src/server/modules/admin/owners.service.ts';
import { ensurePinDirectory } from '../src/server/modules/delivery/pin-directory.ts';
import { serveInProcess } from './in-process.ts';
import { createThrowawayDb, locationEnv, openFromEnv } from './throwaway-db.ts';

const SHOP = {
  registered: true,
  legalName: 'Vastra Textiles LLP',
  tradingName: 'Vastra',
  address: '12 Pondy Bazaar\nT. Nagar, Chennai 600017',
  state: 'Tamil Nadu',
  gstin: `33ABCDE1234F1Z${gstinCheckChar('33ABCDE1234F1Z')}`,
  invoicePrefix: 'VST',
};

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A client of the shop over its socket, with one session. */
export function client(origin: string) {
  let cookie = '';
  return {
    async call(method: string, url: string, body?: unknown): Promise<Response> {
      const send = () =>
        fetch(`${origin}${url}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}), Origin: origin },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      // A GET once more on a kept-alive connection the server closed meanwhile (as a browser
      // does): the copy in SQL holds the embedded database's process for seconds, and the
      // server's idle timer closes the connection as the next request goes out on it.
      const res = await send().catch((err: Error & { cause?: { code?: string } }) => {
        if (method === 'GET' && err.cause?.code === 'ECONNRESET') return send();
        throw err;
      });
      cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))?.split(';')[0] ?? cookie;
      return res;
    },
    async json<T>(method: string, url: string, body?: unknown): Promise<T> {
      const res = await this.call(method, url, body);
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}

export async function signUp(c: ReturnType<typeof client>, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}.${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await c.json('POST', '/api/accounts/signup', { firstName, lastName: 'Iyer', email, phone: '9876543210', gender: 'female', password: 'Saree@2026' });
  return email;
}

/** Copies of the shipped orders and their invoices, in the same month, up to `total` invoices. */
async function copyInvoices(db: Db, total: number): Promise<void> {
  const have = Number(((await db.execute(sql`select count(*) as n from invoices`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
  const copies = Math.ceil((total - have) / have);
  if (copies <= 0) return;
  await db.execute(sql`
    with src as (
      select o.*, i.document, i.fy_start, i.issued_at, g.n as copy
      from orders o join invoices i on i.order_id = o.id and i.kind = 'invoice', generate_series(1, ${copies}) as g(n)
    ),
    made as (
      insert into orders
      select (jsonb_populate_record(null::orders, to_jsonb(src) || jsonb_build_object(
        'id', gen_random_uuid(), 'order_number', src.order_number || '-' || src.copy,
        'provider_order_id', src.provider_order_id || '-' || src.copy, 'payment_id', src.payment_id || '-' || src.copy, 'placement_key', null))).*
      from src
      returning id, order_number
    )
    insert into invoices (kind, number, fy_start, seq, order_id, issued_at, document)
    select 'invoice', 'VST/C' || lpad((${have} + row_number() over ())::text, 10, '0'), src.fy_start, 1000000 + row_number() over (), made.id, src.issued_at, src.document
    from made join src on made.order_number = src.order_number || '-' || src.copy
    limit ${total - have}`);
}

export async function benchInvoices({ orders = 200, register = 10_000, databaseUrl }: { orders?: number; register?: number; databaseUrl?: string }): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-invoice-bench-'));
  const throwaway = await createThrowawayDb(workDir, databaseUrl);
  const database = await openFromEnv(locationEnv(throwaway.location));
  try {
    console.log(`\nInvoices (bench/invoices.ts): ${throwaway.label}`);
    await migrate(database);
    await ensurePinDirectory(database.db);
    await seedDemoCatalogOnce(database.db);
    // Plenty of every piece: the bench ships orders, it does not sell out.
    await database.db.execute(sql`update product_sizes set stock = 100000`);
    const { origin, close } = await serveInProcess(database, workDir);

    const owner = client(origin);
    await createOwners(database.db).setOwner(await signUp(owner, 'Lakshmi'), true);
    await owner.json('PUT', '/api/admin/tax-settings', SHOP);
    const buyer = client(origin);
    await signUp(buyer, 'Farhan');
    const homes = await Promise.all(
      [
        { city: 'Chennai', state: 'Tamil Nadu', pincode: '600004' },
        { city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
      ].map((a) => buyer.json<{ id: string }>('POST', '/api/addresses', { name: 'Farhan Khan', phone: '9876543210', house: '4', street: 'Park Street', ...a })),
    );
    const products = (await owner.json<{ items: { id: number; sized: boolean }[] }>('GET', '/api/products?limit=48')).items.filter((p) => !p.sized);

    const placed = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < orders; i++) {
      const productId = products[i % products.length]!.id;
      const quote = await buyer.json<{ amounts: { total: number } }>('GET', `/api/checkout/quote?buyNow=${productId}`);
      const started = await buyer.json<{ orderId: string }>('POST', '/api/checkout/orders', { addressId: homes[i % 2]!.id, buyNow: { productId }, expectedTotal: quote.amounts.total });
      const success = await buyer.json('POST', `/api/checkout/orders/${started.orderId}/test-payment`);
      await buyer.json('POST', `/api/checkout/orders/${started.orderId}/confirm`, success);
      await owner.json('POST', `/api/admin/orders/${started.orderId}/status`, { from: 'processing', to: 'shipped' });
      ids.push(started.orderId);
    }
    console.log(`  ${orders} orders placed, paid and shipped (each issuing its invoice) in ${((performance.now() - placed) / 1000).toFixed(1)} s`);

    const times: number[] = [];
    let bytes = 0;
    for (const id of ids) {
      const t0 = performance.now();
      const res = await owner.call('GET', `/api/admin/orders/${id}/invoice`);
      const pdf = Buffer.from(await res.arrayBuffer());
      times.push(performance.now() - t0);
      if (res.status !== 200 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`invoice of ${id} answered ${res.status}`);
      bytes += pdf.length;
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`  invoice PDF, one at a time over ${orders} orders: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)} (first ${ms(times[0]!)}); ${Math.round(bytes / orders / 1024)} KB each`);

    const copied = performance.now();
    await copyInvoices(database.db, register);
    console.log(`  copied in SQL up to ${register.toLocaleString('en-IN')} invoices in the month (${((performance.now() - copied) / 1000).toFixed(1)} s)`);
    const month = indiaMonth(new Date());
    for (const view of ['documents', 'summary'] as const) {
      const runs: number[] = [];
      let rows = 0;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const res = await owner.call('GET', `/api/admin/invoices/register?month=${month}&view=${view}`);
        const text = await res.text();
        runs.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`the register answered ${res.status}: ${text.slice(0, 200)}`);
        rows = text.trim().split('\n').length - 1;
      }
      runs.sort((a, b) => a - b);
      console.log(`  register (${view}) of ${register.toLocaleString('en-IN')} invoices, ${rows.toLocaleString('en-IN')} rows: median ${ms(runs[2]!)}, slowest ${ms(runs[4]!)} of 5`);
    }
    await close();
  } finally {
    await database.close().catch(() => {});
    await throwaway.dispose();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { orders: { type: 'string', default: '200' }, register: { type: 'string', default: '10000' } } });
  await benchInvoices({ orders: Number(values.orders), register: Number(values.register), databaseUrl: process.env.DATABASE_URL?.trim() || undefined });
}
