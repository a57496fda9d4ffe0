/**
 * The address a request came from, which the login and mail limits count by.
 *
 * X-Forwarded-For is anyone's to write, so it is read only as far as the shop's own proxies vouch
 * for it: with `trustedHops` proxies in front (TRUST_PROXY_HOPS), the client is that many entries
 * from the right; with none, the connection's own address, and the header is ignored.
 */
import type { Context } from 'hono';

/** Requests that never came over a socket (Hono's app.request in tests) all count as this one. */
export const NO_SOCKET = 'local';

function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * The shoppers that pages drawn on the server asked the API for (app.ts pageDrawer): the request
 * objects themselves are the keys, made in process, so no request from outside can claim an address.
 */
const asked = new WeakMap<Request, string>();
export const askedFor = (request: Request, address: string) => void asked.set(request, address);

export function clientIp(c: Context, trustedHops: number): string {
  const drawnFor = asked.get(c.req.raw);
  if (drawnFor !== undefined) return drawnFor;
  const direct = socketAddress(c) ?? NO_SOCKET;
  if (trustedHops === 0) return direct;
  const chain = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // The last proxy appended the address it saw; the entry before each trusted hop is its client.
  const entry = chain[chain.length - trustedHops];
  return entry && entry.length <= 64 ? entry : direct;
}
