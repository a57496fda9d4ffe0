/**
 * The local payouts stand-in (issue 49): an HTTP server on 127.0.0.1 that answers RazorpayX's
 * contacts, fund accounts and payouts as its docs show (docs/research/razorpayx-payouts.md), so the
 * shop's own adapter runs in development and tests. A payout is made once per idempotency key; a
 * UPI ID at the handle `@nobank` does not exist. Never in production (boot.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonOf } from '../../http/json-body.ts';
import { keptAliveAsTheShop } from '../../http/listen.ts';

export interface LocalPayout {
  id: string;
  fundAccountId: string;
  amount: number;
  mode: string;
  key: string;
  status: string;
}

export interface LocalPayouts {
  apiBase: string;
  keyId: string;
  keySecret: string;
  accountNumber: string;
  /** Every fund account made, as it was asked for (tests look for the account number nowhere else). */
  fundAccounts: Map<string, Record<string, unknown>>;
  payouts: LocalPayout[];
  /** The next `n` calls (to `path`, when given, like '/v1/payouts') answer 503. */
  failNext(n: number, path?: string): void;
  /** Payouts from now on stay `processing` until `settle` is called. */
  holdPayouts(on: boolean): void;
  /** A held payout settles as processed (or reversed). */
  settle(id: string, status: 'processed' | 'reversed'): void;
  close(): Promise<void>;
}

const badRequest = (description: string, field: string) => [400, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', reason: 'input_validation_failed', field } }] as const;

export async function startLocalPayouts(): Promise<LocalPayouts> {
  const keyId = 'rzp_test_localpayouts';
  const keySecret = `local-${Math.random().toString(36).slice(2)}`;
  const accountNumber = '7878780080316316';
  const fundAccounts = new Map<string, Record<string, unknown>>();
  const payouts: LocalPayout[] = [];
  let failing = { n: 0, path: undefined as string | undefined };
  let holding = false;
  let ids = 0;
  const next = (prefix: string) => `${prefix}_local${String(++ids).padStart(8, '0')}`;

  function route(method: string, path: string, body: Record<string, unknown>, key: string | undefined): readonly [number, unknown] {
    if (method === 'POST' && path === '/v1/contacts') {
      if (typeof body.name !== 'string' || !/^[A-Za-z0-9 '.-]{3,50}$/.test(body.name)) return badRequest('The name format is invalid.', 'name');
      return [201, { id: next('cont'), entity: 'contact', name: body.name, type: body.type, reference_id: body.reference_id, active: true }];
    }
    if (method === 'POST' && path === '/v1/fund_accounts') {
      const vpa = (body.vpa as { address?: string } | undefined)?.address;
      if (vpa?.endsWith('@nobank')) return badRequest('Invalid VPA. Please enter a valid Virtual Payment Address', 'vpa');
      const bank = body.bank_account as { ifsc?: string } | undefined;
      if (bank?.ifsc?.startsWith('XXXX')) return badRequest('Invalid IFSC Code in request', 'ifsc');
      const id = next('fa');
      fundAccounts.set(id, body);
      return [201, { id, entity: 'fund_account', contact_id: body.contact_id, account_type: body.account_type, active: true }];
    }
    if (method === 'POST' && path === '/v1/payouts') {
      // Razorpay's rule: 4 to 36 of letters, digits, '-', '_' and spaces.
      if (!key || !/^[A-Za-z0-9 _-]{4,36}$/.test(key)) return badRequest('The X-Payout-Idempotency header must be 4 to 36 characters', 'X-Payout-Idempotency');
      const same = payouts.find((p) => p.key === key);
      if (same) return [200, view(same)];
      if (!fundAccounts.has(String(body.fund_account_id))) return badRequest('The id provided does not exist', 'fund_account_id');
      if (!(Number(body.amount) >= 100)) return badRequest('The amount must be atleast INR 1.00', 'amount');
      const made: LocalPayout = { id: next('pout'), fundAccountId: String(body.fund_account_id), amount: Number(body.amount), mode: String(body.mode), key, status: holding ? 'processing' : 'processed' };
      payouts.push(made);
      return [200, view(made)];
    }
    const one = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const found = payouts.find((p) => p.id === decodeURIComponent(one[1]!));
      return found ? [200, view(found)] : badRequest('The id provided does not exist', 'id');
    }
    return [404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } }];
  }

  const view = (p: LocalPayout) => ({ id: p.id, entity: 'payout', fund_account_id: p.fundAccountId, amount: p.amount, currency: 'INR', fees: 0, tax: 0, status: p.status, mode: p.mode, purpose: 'refund', utr: p.status === 'processed' ? `LOCALUTR${p.id.slice(-6)}` : null, status_details: p.status === 'reversed' ? { description: 'Beneficiary bank rejected the payout', reason: 'beneficiary_bank_rejected' } : null });

  const server = createServer(async (req, res) => {
    const body = await jsonOf(req);
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (failing.n > 0 && (!failing.path || failing.path === path)) return failing.n--, answer(503, { error: { code: 'SERVER_ERROR', description: 'The server is busy' } });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) return answer(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } });
    const key = req.headers['x-payout-idempotency'];
    const [status, value] = route(req.method ?? 'GET', path, body, typeof key === 'string' ? key : undefined);
    answer(status, value);
  });
  keptAliveAsTheShop(server);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    keyId,
    keySecret,
    accountNumber,
    fundAccounts,
    payouts,
    failNext: (n, path) => void (failing = { n, path }),
    holdPayouts: (on) => void (holding = on),
    settle(id, status) {
      const found = payouts.find((p) => p.id === id);
      if (found) found.status = status;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
