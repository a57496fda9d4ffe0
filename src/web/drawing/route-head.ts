/**
 * A route's own head (issue 19): a screen whose head says more than its title (a product, a
 * category or collection) carries `handle.head`, which reads what the route's loader put in the
 * request's query client and hands it to the route's one head function (shared/page-head.ts
 * productHead, shared/group-head.ts groupHead), the one the server calls for the page sent
 * undrawn. The server draws the page, then asks the leaf route for its head
 * (src/web/drawing/entry-server.tsx); screens without one get their title and description from the
 * registry (shared/page-head.ts screenHead).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { PageHead } from '../../shared/page-head.ts';

export interface HeadArgs {
  /** The request's query client, as the route's loader left it. */
  client: QueryClient;
  params: Params;
  /** The loader found the page's subject missing: the page is its 404. */
  missing: boolean;
  /** The shop's own description, for a head with nothing better to say (a page not found). */
  shopDescription: string;
}

/** What a route's `handle` carries. */
export interface RouteHandle {
  head?: (args: HeadArgs) => PageHead;
}
