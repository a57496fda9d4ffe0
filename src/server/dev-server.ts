/**
 * npm run dev: the whole shop in one process on one port, as `npm start` serves it, with hot reload
 * on both sides. Vite runs inside the server in middleware mode: it answers for the web app's
 * modules and hot-reload socket, and hands every other request (the API, images, pages) to the
 * app. Pages are drawn on the server from the sources, on drawing threads as `npm start` draws
 * them (web/drawing-threads.ts), each loading the renderer through Vite, fresh after each edit
 * (docs/decisions/0045); the browser takes them over with Fast Refresh. A change to the server's
 * own code restarts this process (tsx watch, scripts/dev.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createServer as createVite, createServerModuleRunnerTransport, type NormalizedServerHotChannel, type ViteDevServer } from 'vite';
import { ConfigError, loadConfig } from './env.ts';
import { StorageConnectError } from './storage/storage.ts';
import { projectRoot } from './project-root.ts';
import { startServer } from './start.ts';
import { threadedRenderer, type ViteRenderer } from './web/drawing-threads.ts';

/** What Vite stamps its own inline scripts and styles with; each page swaps in its request's nonce. */
const NONCE_PLACEHOLDER = 'vastra-dev-nonce';

/**
 * The renderer as the drawing threads run it from the sources: each thread's module runner asks
 * Vite's SSR environment for modules, as its own runner would, and hears of each edit Vite
 * reports to that environment (a reload or an update of its modules, after it has dropped the old).
 */
function rendererFromVite(vite: ViteDevServer): ViteRenderer {
  const { hot } = vite.environments.ssr;
  return {
    entry: '/drawing/entry-server.tsx',
    invoke: (payload) => hot.handleInvoke(payload),
    onEdit(edited) {
      createServerModuleRunnerTransport({ channel: hot as NormalizedServerHotChannel }).connect?.({
        onMessage: (payload) => {
          if (payload.type === 'full-reload' || payload.type === 'update') edited();
        },
        onDisconnection: () => {},
      });
    },
  };
}

async function main() {
  const config = loadConfig();
  const server = http.createServer();
  const vite = await createVite({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    appType: 'custom',
    // Hot reload's socket on the shop's own port, so the page's CSP (connect-src 'self') lets it in.
    server: { middlewareMode: true, ws: { server } },
    html: { cspNonce: NONCE_PLACEHOLDER },
  });
  const indexHtml = fs.readFileSync(path.join(projectRoot, 'src', 'web', 'index.html'), 'utf8');
  const ssr = config.drawOnServer ? threadedRenderer(rendererFromVite(vite)) : undefined;
  await startServer(config, undefined, {
    pages: { html: (url) => vite.transformIndexHtml(url, indexHtml), nonce: NONCE_PLACEHOLDER },
    ssr,
    server: (app) => server.on('request', (req, res) => vite.middlewares(req, res, () => app(req, res))),
    close: async () => {
      await ssr?.close();
      await vite.close();
    },
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof StorageConnectError ? err.message : err);
  process.exit(1);
});
