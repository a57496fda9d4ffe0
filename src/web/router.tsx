import { createBrowserRouter, type RouteObject } from 'react-router';
import { SCREENS } from '../shared/screens.ts';
import { LoadingIndicator } from './components/loading-indicator.tsx';
import { AppShell } from './routes/app-shell.tsx';

/**
 * Screens load on demand, so the first visit downloads only the screen it opens. The routes come
 * from the screen registry (src/shared/screens.ts); each names its module, found here by Vite's glob.
 */
const modules = import.meta.glob<Omit<RouteObject, 'index' | 'children'>>(['./routes/*.tsx', '!./routes/app-shell.tsx']);

function lazyRoute(chunk: string): RouteObject['lazy'] {
  const load = modules[`./${chunk}`];
  if (!load) throw new Error(`The screen registry names ${chunk}, which is not in src/web/routes`);
  return load as RouteObject['lazy'];
}

const route = (s: (typeof SCREENS)[number]): RouteObject =>
  s.path === '/' ? { index: true, lazy: lazyRoute(s.chunk) } : { path: s.path.slice(1), lazy: lazyRoute(s.chunk) };

export const router = createBrowserRouter([
  {
    Component: AppShell,
    HydrateFallback: () => <LoadingIndicator text="Loading application..." fullPage />,
    children: [
      // Home, the text pages and the placeholders need no server data, so no query client.
      ...SCREENS.filter((s) => !('data' in s)).map(route),
      { lazy: lazyRoute('routes/data-layout.tsx'), children: SCREENS.filter((s) => 'data' in s).map(route) },
      { path: '*', lazy: lazyRoute('routes/not-found.tsx') },
    ],
  },
]);
