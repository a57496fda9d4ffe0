import net from 'node:net';
import { describe, it } from 'vitest';
import { onSocket } from '../test/raw-http.ts';
import { SERVER_TIMEOUTS } from './listen.ts';

describe.concurrent('the HTTP server', () => {
  it('drops a client that sends its headers too slowly, within seconds rather than a minute', async ({ expect }) => {
    const server = await onSocket(() => new Response('ok'));
    try {
      const socket = net.connect(server.port, '127.0.0.1');
      const started = Date.now();
      // A request head that never ends: one more header line now and then, never the blank line.
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 1000);
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('close', () => resolve(text));
      });
      clearInterval(drip);
      const heldFor = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(heldFor).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersTimeout - 100);
      expect(heldFor).toBeLessThan(SERVER_TIMEOUTS.headersTimeout + 2 * SERVER_TIMEOUTS.connectionsCheckingInterval + 1000);
    } finally {
      await server.close();
    }
  }, 20_000);

  it('keeps an idle keep-alive connection past the head timeout, for the client’s next request on it', async ({ expect }) => {
    const server = await onSocket(() => new Response('ok'));
    try {
      const socket = net.connect(server.port, '127.0.0.1');
      let text = '';
      let closed = false;
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => (closed = true));
      socket.on('error', () => {});
      const ask = () => socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      ask();
      await expect.poll(() => text).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
      expect(text).toMatch(/Keep-Alive: timeout=65/i);
      // Idle longer than a head may take: only a request still arriving is cut, not a pooled socket.
      await new Promise((resolve) => setTimeout(resolve, SERVER_TIMEOUTS.headersTimeout + 2 * SERVER_TIMEOUTS.connectionsCheckingInterval));
      expect(closed).toBe(false);
      text = '';
      ask();
      await expect.poll(() => text).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
      socket.destroy();
    } finally {
      await server.close();
    }
  }, 20_000);
});
