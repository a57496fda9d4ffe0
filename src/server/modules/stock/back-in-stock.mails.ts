/** The back-in-stock mail (issue 16): one per request, with the piece's link and a way to stop such mails. */
import { withSize } from '../../../shared/sizes.ts';
import { STORE } from '../../../shared/store.ts';
import { letter } from '../mail/letter.ts';
import type { DueAlert } from './back-in-stock.queries.ts';

export function backInStockMail(alert: DueAlert, siteUrl: string) {
  const piece = withSize(alert.productName, alert.size);
  return letter({
    kind: 'back_in_stock',
    to: alert.email,
    subject: `${piece} is back in stock at ${STORE.name}`,
    greeting: `Hello ${alert.firstName},`,
    lines: [
      `Good news: ${piece} is back in stock.`,
      'Pieces like this go quickly, and we cannot hold one for you until you buy it.',
      'You asked us to tell you once, so this is the only mail about it.',
    ],
    link: { action: 'See the piece', url: `${siteUrl}/product/${alert.productId}` },
    after: `Questions? Write to ${STORE.email}.`,
    unsubscribe: `${siteUrl}/back-in-stock/stop/${alert.token}`,
  });
}
