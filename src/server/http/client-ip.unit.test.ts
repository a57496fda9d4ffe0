import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, NO_SOCKET } from './client-ip.ts';

const ipWith = async (hops: number, forwarded?: string, socket?: string) => {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, hops)));
  const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
  const res = await app.request('/', { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} }, env);
  return res.text();
};

describe('the client address', () => {
  it('is the connection’s own with no trusted proxy, whatever X-Forwarded-For claims', async () => {
    expect(await ipWith(0, '1.2.3.4', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith(0, '1.2.3.4')).toBe(NO_SOCKET);
  });

  it('is read that many entries from the right behind trusted proxies, so a forged left part is ignored', async () => {
    expect(await ipWith(1, 'forged, 198.51.100.7', '10.0.0.2')).toBe('198.51.100.7');
    expect(await ipWith(2, 'forged, 198.51.100.7, 10.0.0.5', '10.0.0.2')).toBe('198.51.100.7');
  });

  it('falls back to the connection when the header is missing, too short or absurd', async () => {
    expect(await ipWith(1, undefined, '10.0.0.2')).toBe('10.0.0.2');
    expect(await ipWith(3, '198.51.100.7', '10.0.0.2')).toBe('10.0.0.2');
    expect(await ipWith(1, 'x'.repeat(100), '10.0.0.2')).toBe('10.0.0.2');
  });
});
