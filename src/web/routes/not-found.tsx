import { BrowseProductsLink } from '../components/empty-state.tsx';
import { pageTitle } from '../../shared/page-titles.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Served with HTTP 404 by the server for any path that is not a screen. */
export function Component() {
  useDocumentTitle(pageTitle('Page not found'));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="font-display text-6xl font-semibold text-gold">404</p>
      <h1 className="font-display text-3xl font-semibold">Page not found</h1>
      <p className="text-muted">The page you were looking for has moved or never existed. Our sarees are still here.</p>
      <BrowseProductsLink />
    </div>
  );
}
