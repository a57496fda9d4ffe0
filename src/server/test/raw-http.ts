/**
 * The app on a real socket, and requests written byte for byte: what `app.request` cannot send
 * (a Host header that is no valid URL host, a request line of any length, a client that stalls).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { listen } from '../http/listen.ts';

type Fetch = Parameters<typeof listen>[0];

export async function onSocket(fetch: Fetch): Promise<{ port: number; close: () => Promise<void> }> {
  const server = await new Promise<ReturnType<typeof listen>>((resolve) => {
    const s = listen(fetch, 0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface RawAnswer {
  status: number;
  /** By lower-case name; a name sent twice keeps its last line (`head` has every line). */
  headers: Record<string, string>;
  /** The status line and header lines as they came. */
  head: string;
  body: string;
}

/** One request with exactly these headers (Connection: close added), and the whole answer. */
export function rawRequest(port: number, method: string, target: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', ''];
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const found: Record<string, string> = {};
      for (const l of headerLines) {
        const at = l.indexOf(':');
        found[l.slice(0, at).toLowerCase()] = l.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: found, head, body: rest.join('\r\n\r\n') });
    });
    socket.write(lines.join('\r\n'));
  });
}
