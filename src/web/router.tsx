import type { RouteObject } from 'react-router';
import { SCREENS } from '../shared/screens.ts';
import { LoadingIndicator } from './components/loading-indicator.tsx';
import { RouteError } from './components/route-error.tsx';
import { withData } from './lib/data-client.ts';
import { AppShell } from './routes/app-shell.tsx';

/**
 * Screens load on demand, so the first visit downloads only the screen it opens. The routes come
 * from the screen registry (src/shared/screens.ts); each names its module, found here by Vite's
 * glob. A screen that reads or changes the shop's data loads with the query client (withData);
 * home, the text pages and the not-found page draw without it. Every route has the same error
 * element, so a failed screen shows a way on (components/route-error.tsx).
 */
export const routeModules = import.meta.glob<Omit<RouteObject, 'index' | 'children'>>(['./routes/*.tsx', '!./routes/app-shell.tsx']);

function lazyRoute(chunk: string, data = false): RouteObject['lazy'] {
  const load = routeModules[`./${chunk}`];
  if (!load) throw new Error(`The screen registry names ${chunk}, which is not in src/web/routes`);
  const fetch = data ? withData(load) : load;
  // A route whose module failed to load (its chunk gone after a deploy, the network down) is left
  // by React Router as still loading, and nothing is drawn (react-router 7.18, _renderMatches). So
  // the failure becomes the route's loader, whose error the route's error element shows.
  return (() =>
    fetch().catch((error: unknown) => ({
      loader: () => {
        throw error;
      },
      Component: () => null,
    }))) as RouteObject['lazy'];
}

/** How a route's module arrives: on demand in the browser, already loaded on the server. */
export type RouteLoad = (chunk: string, data: boolean) => RouteObject['lazy'];

/**
 * The routes, with stable ids (the screen's path): a page drawn on the server and the browser's
 * router taking it over must name each route alike, which ids made from positions would not
 * promise once the two are built apart.
 */
export function makeRoutes(load: RouteLoad): RouteObject[] {
  const route = (s: (typeof SCREENS)[number]): RouteObject => ({
    id: s.path,
    ...(s.path === '/' ? { index: true } : { path: s.path.slice(1) }),
    lazy: load(s.chunk, 'data' in s),
    ErrorBoundary: RouteError,
  });
  return [
    {
      id: 'shell',
      Component: AppShell,
      ErrorBoundary: RouteError,
      HydrateFallback: () => <LoadingIndicator text="Loading application..." fullPage />,
      children: [...SCREENS.map(route), { id: '*', path: '*', lazy: load('routes/not-found.tsx', false), ErrorBoundary: RouteError }],
    },
  ];
}

/** The browser's routes: each screen's code (and, for data screens, the query client) fetched when first opened. */
export const browserRoutes = () => makeRoutes(lazyRoute);
