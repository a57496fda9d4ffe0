/**
 * The catalog's pages drawn on the server (issue 19), built by Vite into dist/ssr and called by
 * the API's page route (src/server/web/web.routes.ts). Per request: a query client of its own,
 * whose requests go to the API in process (no socket); the route's loader fills it through the
 * screens' own queryOptions; React draws the page; the answers go into the page as JSON for the
 * browser to take over (main.tsx). Nothing of a request stays in module scope: the routes do, and
 * they hold no data.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { screenHead, type PageHead } from '../../shared/page-head.ts';
import { DEFAULT_PRICING, shopDescription } from '../../shared/pricing.ts';
import { scriptJson } from '../../shared/script-json.ts';
import { screenOfPath } from '../../shared/routes.ts';
import { indexable, SCREENS } from '../../shared/screens.ts';
import { setTransport, type Transport } from '../lib/api.ts';
import { DataProvider } from '../lib/data-client.ts';
import { drawToString } from './draw-to-string.ts';
import { pricingQuery } from '../lib/pricing-settings.ts';
import type { SsrState } from './ssr-data.ts';
import { makeQueryClient } from '../lib/query-client.ts';
import { isShopperKey, queryKeys } from '../lib/query-keys.ts';
import type { ServerContext } from './route-data.ts';
import type { RouteHandle } from './route-head.ts';
import { makeRoutes, routeModules } from '../router.tsx';

// On the server a screen's module is there at once: no query client of the browser's (withData).
const handler = createStaticHandler(makeRoutes((chunk) => routeModules[`./${chunk}`] as RouteObject['lazy']));

// The drawing thread says where pages fetch the owner's photographs from (IMAGES_PUBLIC_URL).
export { fetchPhotosFrom } from '../../shared/images.ts';

export interface Drawn {
  /** What goes inside <div id="root">. */
  html: string;
  /** The answers it was drawn from, as JSON safe inside a <script> block. */
  data: string;
  /** What its head says: its route's own (drawing/route-head.ts), from what the route's loader read. */
  head: PageHead;
  /** 404 when the loader found the page's product or group missing: its not-found is what is drawn. */
  status: 200 | 404;
}

/**
 * The screens drawn on the server: public and listed (the catalog, home, the text pages), not the
 * account forms; and the parcel tracking page, opened from a mail on a phone (issue 48).
 */
const DRAWN = new Set<string>([...SCREENS.filter(indexable).map((s) => s.path), '/track']);

/**
 * Whether the page at `path` is drawn here. The registry's own reading of a path (shared/routes.ts):
 * React Router's matchRoutes compiles every route's pattern on each call, 5% of a first render.
 */
export const drawsOnServer = (path: string) => {
  const screen = screenOfPath(path);
  return screen !== undefined && DRAWN.has(screen.path);
};

/**
 * The page at `url`, drawn; null when it is not one drawn here, or its data could not be had (an
 * unknown product, the database down): the server then sends the page undrawn, as before.
 */
export async function render(url: string, api: Transport, onError: (error: unknown) => void = () => {}): Promise<Drawn | null> {
  if (!drawsOnServer(new URL(url).pathname)) return null;
  const queryClient = makeQueryClient();
  setTransport(queryClient, api);
  try {
    const [context] = await Promise.all([
      handler.query(new Request(url), { requestContext: { queryClient } satisfies ServerContext }),
      // The shell's promise of free shipping names the owner's threshold.
      queryClient.prefetchQuery(pricingQuery()),
    ]);
    if (context instanceof Response || context.errors || (context.statusCode !== 200 && context.statusCode !== 404)) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    let failed = false;
    const html = await drawToString(
      <StrictMode>
        <DataProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </DataProvider>
      </StrictMode>,
      (error) => {
        failed = true;
        onError(error);
      },
    );
    if (failed) return null;
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && q.queryKey[0] !== queryKeys.session[0] && !isShopperKey(q),
    });
    // What the loaders answered (only a missing page's mark): the browser's router starts from it.
    const loaderData = Object.fromEntries(Object.entries(context.loaderData).filter(([, answer]) => answer != null));
    const state: SsrState = { ...queries, loaderData };
    const status = context.statusCode === 404 ? 404 : 200;
    // The owner's settings the page was drawn with: the shop's description names free shipping.
    const pricing = queryClient.getQueryData(pricingQuery().queryKey) ?? DEFAULT_PRICING;
    const leaf = context.matches.at(-1);
    const own = (leaf?.route.handle as RouteHandle | undefined)?.head;
    const { pathname, searchParams } = new URL(url);
    const head = own
      ? own({ client: queryClient, params: leaf!.params, missing: status === 404, shopDescription: shopDescription(pricing) })
      : screenHead(pathname, searchParams.get('search'), pricing);
    return { html, data: scriptJson(state), head, status };
  } finally {
    queryClient.clear();
  }
}
