/**
 * The guard of the store owner's API under /api/admin (design.md Admin): every route behind it,
 * signed out 401, a customer 403, the role read from the database on each request.
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../http/errors.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import type { Owners } from './owners.service.ts';

export const NOT_ALLOWED = 'This is for the store owner only.';
export const OWN_PAGES_ONLY = 'The store admin answers only the shop’s own pages.';

/**
 * The owner's cookie goes along with a link another site shows (SameSite=Lax lets top-level GETs
 * through), so the admin API answers only requests a browser says come from the shop itself (or
 * from no page at all, a typed address). Clients that are not browsers send no Sec-Fetch-Site.
 */
export function ownPagesOnly(): MiddlewareHandler {
  return async (c, next) => {
    const site = c.req.header('Sec-Fetch-Site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new AppError(403, 'cross_site', OWN_PAGES_ONLY);
    await next();
  };
}

export function adminsOnly(owners: Owners): MiddlewareHandler<ShopperEnv> {
  return async (c, next) => {
    const shopper = requireShopper(c);
    if (!(await owners.isOwner(shopper.id))) throw new AppError(403, 'not_allowed', NOT_ALLOWED);
    await next();
  };
}

/** In front of every route under /api/admin (app.ts mounts each domain's owner routes behind it). */
export const ownersOnly = (owners: Owners) => [ownPagesOnly(), adminsOnly(owners)] as const;
