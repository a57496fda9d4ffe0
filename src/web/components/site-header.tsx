import { Search } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';

/** The brand bar. The full navigation frame (suggestions, badges, menus) comes with the storefront screens. */
export function SiteHeader() {
  const [params] = useSearchParams();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-ivory/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 sm:px-6">
        <Link to="/" className="font-display text-3xl font-semibold tracking-wide text-wine" aria-label="Vastra home">
          Vastra
        </Link>
        <Form method="get" action="/products" role="search" className="ml-auto flex w-full max-w-md items-center">
          <label htmlFor="site-search" className="sr-only">
            Search sarees and clothing
          </label>
          <input
            id="site-search"
            name="search"
            type="search"
            defaultValue={params.get('search') ?? ''}
            key={params.get('search') ?? ''}
            placeholder="Search sarees, kurtas, lehengas…"
            maxLength={100}
            className="h-10 w-full rounded-l-full border border-line bg-white px-4 text-sm placeholder:text-muted/80"
          />
          <button type="submit" className="grid h-10 w-12 place-items-center rounded-r-full bg-wine text-ivory hover:bg-wine-dark" aria-label="Search">
            <Search className="size-4" aria-hidden="true" />
          </button>
        </Form>
      </div>
    </header>
  );
}
