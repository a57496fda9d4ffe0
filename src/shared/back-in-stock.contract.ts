/**
 * The back-in-stock mail's unsubscribe link (issue 16). Apart from back-in-stock.ts, whose texts the
 * product page reads: a schema built as a module loads brings zod into that page (decision 0035).
 */
import { ALERT_LINK_UNKNOWN } from './back-in-stock.ts';
import { z } from './zod.ts';

/** The mail's unsubscribe link names a request by its token (a UUID). */
export const stopAlertsContract = z.object({ token: z.uuid({ error: ALERT_LINK_UNKNOWN }) });
