/** The accounts module put together: better-auth, the services, the session middleware and the routes. */
import type { Shelf } from '../../../shared/cart.ts';
import type { Db } from '../../db/client.ts';
import { createRateLimiter } from '../limits/limits.service.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService, resetMailer } from './accounts.service.ts';
import { createAuth } from './auth.ts';
import { createProfileService } from './profile.service.ts';
import { sessionMiddleware } from './session.middleware.ts';

export interface AccountsConfig {
  secret: string;
  publicUrl: string | undefined;
  requireEmailVerification: boolean;
  trustProxyHops: number;
  /** The header's badges, from the wishlist and the cart (app.ts puts them together). */
  shelf: (userId: string) => Promise<Shelf>;
  isAdmin: (userId: string) => Promise<boolean>;
}

export function createAccounts(db: Db, config: AccountsConfig, mailWritten: () => void) {
  const auth = createAuth({
    db,
    secret: config.secret,
    publicUrl: config.publicUrl,
    requireEmailVerification: config.requireEmailVerification,
    sendResetMail: resetMailer(db, mailWritten),
  });
  const service = createAccountsService({
    db,
    auth,
    limiter: createRateLimiter(db),
    secret: config.secret,
    requireEmailVerification: config.requireEmailVerification,
    mailWritten,
  });
  return {
    auth,
    session: sessionMiddleware(auth),
    routes: accountsRoutes(service, createProfileService(db), config),
  };
}
