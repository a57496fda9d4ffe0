import { StrictMode, startTransition } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { adoptCspNonce } from './lib/csp-nonce.ts';
import { DataProvider } from './lib/data-client.ts';
import { ssrState } from './drawing/ssr-data.ts';
import { drawnInBrowserFromNowOn } from './drawing/taken-over.tsx';
import { browserRoutes } from './router.tsx';
import './styles.css';

adoptCspNonce();

const routes = browserRoutes();
const root = document.getElementById('root')!;

/**
 * React's DOM renderer, evaluated in a task of its own after the app's code. Evaluated together
 * (one module graph is one task), the two held a budget phone's main thread for 115-150 ms at
 * Lighthouse's 4x slowdown, most of each page's Total Blocking Time; apart, each is a shorter
 * task, and a tap between them is answered. The file itself comes early: every page hints it.
 */
const nextTask = () => new Promise((next) => setTimeout(next));
const reactDom = () => nextTask().then(() => import('./drawing/react-dom-client.ts'));

/** The shop, on its router: drawn afresh, or taking over a drawn page with what its loaders answered there. */
const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <DataProvider>
      <RouterProvider router={router} />
    </DataProvider>
  </StrictMode>
);

/**
 * A page drawn on the server (issue 19) is taken over as it is. The router must start with every
 * route of the page already loaded (a route still loading draws the fallback instead, and the
 * drawn page would be thrown away), and with the loaders counted as run, with what they answered on the server.
 */
async function takeOver() {
  const matches = matchRoutes(routes, window.location) ?? [];
  const loaded = Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const { Component, loader } = (await route.lazy()) as RouteObject;
      Object.assign(route, { Component, loader, lazy: undefined });
    }),
  );
  const [{ hydrateRoot }] = await Promise.all([reactDom(), loaded]);
  const loaderData = { ...Object.fromEntries(matches.map(({ route }) => [route.id!, null])), ...ssrState()?.loaderData };
  // The router made, and the takeover begun, each in a task of its own rather than at the end of
  // the renderer's: together they were one task of about 100 ms at Lighthouse's 4x slowdown.
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: { loaderData } });
  // The next screen the shopper opens is drawn in the browser, with nothing to take over.
  const drawn = router.state.location;
  const unsubscribe = router.subscribe(({ location, navigation }) => {
    if (location === drawn && navigation.state === 'idle') return;
    unsubscribe();
    drawnInBrowserFromNowOn();
  });
  await nextTask();
  // In a transition, React takes the page over in slices of about 5 ms with the browser free in
  // between; at its default priority it did so in one task of up to 185 ms on a budget phone
  // (Lighthouse's 4x slowdown), the largest of the page's blocking time (decision 0035).
  startTransition(() => {
    hydrateRoot(root, app(router), {
      // A part that could not be taken over (it threw, or did not match) is drawn afresh in the
      // browser, and its error boundary says so if it throws again. Said in the console, as caught
      // errors are, rather than raised as an uncaught one on the window.
      onRecoverableError: (error) => console.error('Part of the page was drawn again in the browser:', error),
    });
  });
}

if (ssrState()) {
  void takeOver();
} else {
  drawnInBrowserFromNowOn();
  void reactDom().then(({ createRoot }) => createRoot(root).render(app(createBrowserRouter(routes))));
}
