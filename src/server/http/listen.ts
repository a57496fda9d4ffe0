/**
 * The HTTP server around the app, with timeouts a shop can live with. Node's defaults let a client
 * that sends its headers a byte at a time hold a connection for 60 to 90 s (the header timeout is
 * only checked every 30 s); a few hundred such clients would use up the server. In production the
 * shop also sits behind a reverse proxy (README), which buffers slow clients before they reach us.
 */
import type http from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export const SERVER_TIMEOUTS = {
  /** Whole request head. */
  headersTimeout: 10_000,
  /** Whole request, body included. */
  requestTimeout: 30_000,
  /**
   * Idle keep-alive connection. Longer than the clients that pool connections keep one idle: a
   * reverse proxy's upstream pool (nginx, a cloud load balancer: 60 s) and Playwright's request
   * context, which ignores the Keep-Alive hint and reuses a socket however long it sat. A server
   * that closes first races the client's next request on that socket, which then fails with
   * ECONNRESET (a proxy's 502). Slow clients are still cut by the two timeouts above.
   */
  keepAliveTimeout: 65_000,
  /** How often Node checks the two above. */
  connectionsCheckingInterval: 1_000,
} as const;

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

export interface ListenOptions {
  /** npm run dev: a server made beforehand (Vite's hot reload shares it), given the app's listener. */
  server?: (listener: RequestListener) => Server;
}

export function listen(fetch: Fetch, port: number, hostname: string, onListening?: (info: AddressInfo) => void, options: ListenOptions = {}): Server {
  const { keepAliveTimeout, ...serverOptions } = SERVER_TIMEOUTS;
  const made = options.server;
  const createServer = made && (((_options: unknown, listener: RequestListener) => Object.assign(made(listener), serverOptions)) as unknown as typeof http.createServer);
  const server = serve({ fetch, port, hostname, serverOptions, ...(createServer && { createServer }) }, onListening) as Server;
  server.keepAliveTimeout = keepAliveTimeout;
  return server;
}

/** A local stand-in for a provider keeps idle connections as long as the shop does (see above). */
export function keptAliveAsTheShop<S extends Server>(server: S): S {
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  return server;
}
