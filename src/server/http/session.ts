/**
 * Who is asking: the signed-in shopper, resolved once per request by the accounts module's session
 * middleware and kept on the context. Every per-user route takes the id from here, never from the
 * request, and then enters its shopper transaction (src/server/db/shopper.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

export interface Shopper {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface ShopperEnv {
  Variables: { shopper: Shopper | null };
}

export const SIGN_IN_REQUIRED = 'Please log in to continue.';

/** The signed-in shopper, or a 401 for a request without a live session. */
export function requireShopper(c: Context<ShopperEnv>): Shopper {
  const shopper = c.get('shopper');
  if (!shopper) throw new AppError(401, 'sign_in_required', SIGN_IN_REQUIRED);
  return shopper;
}

/** Refuses a visitor before anything else is looked at (a bad id from a visitor is still a 401). */
export const shoppersOnly: MiddlewareHandler<ShopperEnv> = async (c, next) => {
  requireShopper(c);
  await next();
};
