import { RotateCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { pageTitle } from '../../shared/page-titles.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { buttonClass } from './empty-state.tsx';

/**
 * Whether the error is a piece of the app's code that could not be fetched: after a new version
 * is deployed, the old version's chunks are gone (each browser words it its own way).
 */
export function isStaleCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(message);
}

/**
 * The error element of every route (router.tsx): whatever went wrong while loading or drawing a
 * screen, the shopper sees a page that says so and offers a way on (reload, or home), never
 * React Router's developer screen nor a blank page. Home is a plain link, so it loads the page
 * (and the shop's newest code) afresh.
 */
export function RouteError() {
  const error = useRouteError();
  const stale = isStaleCode(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = stale ? 'A new version of the shop is ready' : notFound ? 'Page not found' : 'Something went wrong';
  useDocumentTitle(pageTitle(title));
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-semibold">{title}</h1>
      <p className="text-muted">
        {stale
          ? 'We have just updated the shop. Reload the page to carry on where you were.'
          : 'This page could not be shown. Reloading usually helps; your cart, favourites and orders are safe.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass} onClick={() => window.location.reload()}>
          <RotateCw className="mr-2 size-4" aria-hidden="true" /> Reload
        </button>
        <a href="/" className="inline-flex min-h-11 items-center rounded-full px-6 text-sm font-medium text-wine ring-1 ring-wine hover:bg-wine hover:text-ivory">
          Go to home
        </a>
      </div>
    </div>
  );
}
