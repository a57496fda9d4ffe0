/**
 * The accounts API: the only way into sign-up, login, logout, verification and reset (better-auth's
 * own handler is not mounted), and the signed-in shopper's profile.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  loginContract,
  orderUpdatesContract,
  profileContract,
  resetPasswordContract,
  resetRequestContract,
  signupContract,
} from '../../../shared/accounts.contract.ts';
import type { Shelf } from '../../../shared/cart.ts';
import { clientIp } from '../../http/client-ip.ts';
import { originOf } from '../../http/origin.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { AccountsService, Caller, WithCookies } from './accounts.service.ts';
import type { ProfileService } from './profile.service.ts';

export interface AccountsRouteConfig {
  publicUrl: string | undefined;
  trustProxyHops: number;
  /** The header's badges for a signed-in shopper, sent with the session (the shell's one request). */
  shelf: (userId: string) => Promise<Shelf>;
  /** Whether the shopper is the store owner: the user menu offers the admin screens then (the API checks again). */
  isAdmin: (userId: string) => Promise<boolean>;
}

const verifyQuery = z.object({ token: z.string().max(2000).default('') });

export function accountsRoutes(accounts: AccountsService, profiles: ProfileService, config: AccountsRouteConfig) {
  const caller = (c: Context): Caller => ({
    ip: clientIp(c, config.trustProxyHops),
    userAgent: c.req.header('User-Agent') ?? '',
    origin: originOf(c, config.publicUrl),
    cookie: c.req.header('Cookie') ?? '',
  });
  const withCookies = <T>(c: Context, { body, cookies }: WithCookies<T>) => {
    for (const value of cookies) c.header('Set-Cookie', value, { append: true });
    return c.json(body);
  };

  return new Hono<ShopperEnv>()
    .post('/accounts/signup', valid('json', signupContract), async (c) =>
      withCookies(c, await accounts.signup(c.req.valid('json'), caller(c))),
    )
    .post('/accounts/login', valid('json', loginContract), async (c) => withCookies(c, await accounts.login(c.req.valid('json'), caller(c))))
    .post('/accounts/logout', async (c) => withCookies(c, await accounts.logout(caller(c))))
    .get('/accounts/session', async (c) => {
      const shopper = c.get('shopper');
      if (!shopper) return c.json({ shopper, shelf: null, isAdmin: false });
      const [shelf, isAdmin] = await Promise.all([config.shelf(shopper.id), config.isAdmin(shopper.id)]);
      return c.json({ shopper, shelf, isAdmin });
    })
    .post('/accounts/password-reset', valid('json', resetRequestContract), async (c) =>
      c.json(await accounts.requestReset(c.req.valid('json').email, caller(c)), 202),
    )
    .post('/accounts/password-reset/confirm', valid('json', resetPasswordContract), async (c) =>
      c.json(await accounts.resetPassword(c.req.valid('json'))),
    )
    // The mailed link: a plain GET from a mail app, answered with a screen that says how it went.
    .get('/accounts/verify-email', valid('query', verifyQuery), async (c) => {
      const outcome = await accounts.verifyEmail(c.req.valid('query').token);
      return c.redirect(`${c.get('shopper') ? '/' : '/login'}?email-verification=${outcome}`, 303);
    })
    .post('/accounts/verification-mail', async (c) => c.json(await accounts.resendForShopper(requireShopper(c).id, caller(c))))
    .get('/profile', async (c) => c.json(await profiles.get(requireShopper(c).id)))
    .put('/profile', valid('json', profileContract), async (c) => c.json(await profiles.update(requireShopper(c).id, c.req.valid('json'))))
    .put('/profile/order-updates', valid('json', orderUpdatesContract), async (c) => c.json(await profiles.setOrderUpdates(requireShopper(c).id, c.req.valid('json').on)));
}
