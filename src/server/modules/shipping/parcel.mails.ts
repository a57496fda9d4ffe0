/**
 * What the shopper is told as the parcel moves (issue 48): out for delivery, a failed attempt,
 * delivered, and back with us. Shipped is the orders' own mail, with the invoice.
 */
import { formatInr } from '../../../shared/money.ts';
import { payOnDeliveryText } from '../../../shared/cod.ts';
import { cancelMoneyText } from '../../../shared/store-credit.ts';
import { STORE } from '../../../shared/store.ts';
import type { ScanStep } from '../../../shared/parcels.ts';
import { letter } from '../mail/letter.ts';

export interface ParcelMailFacts {
  orderNumber: string;
  buyer: { email: string; firstName: string };
  courier: string;
  awb: string | null;
  /** Cash still to be paid at the door, in paise (0 when paid). */
  toPay: number;
  refund: number | null;
  /** Store credit the order used, given back with it. */
  creditUsed?: number;
  /** The order's tracking page (with its PIN), or the shopper's orders; null in development without PUBLIC_URL. */
  trackUrl: string | null;
}

export const TOLD_STEPS = ['out_for_delivery', 'attempt_failed', 'delivered', 'returned'] as const satisfies readonly ScanStep[];
export type ToldStep = (typeof TOLD_STEPS)[number];
export const isTold = (step: ScanStep): step is ToldStep => (TOLD_STEPS as readonly string[]).includes(step);

function wordsFor(step: ToldStep, f: ParcelMailFacts): { subject: string; lines: string[] } {
  const awb = f.awb ? ` (${f.courier}, AWB ${f.awb})` : '';
  const cash = f.toPay > 0 ? [`${payOnDeliveryText(f.toPay)}.`] : [];
  switch (step) {
    case 'out_for_delivery':
      return { subject: `Your ${STORE.name} order ${f.orderNumber} is out for delivery`, lines: [`Your parcel${awb} is out for delivery today.`, ...cash] };
    case 'attempt_failed':
      return {
        subject: `We could not deliver your ${STORE.name} order ${f.orderNumber}`,
        lines: [`The courier tried to deliver your parcel${awb} but could not.`, `We will arrange another try. If you need to tell us something about the address or a good time, write to ${STORE.email}.`],
      };
    case 'delivered':
      return { subject: `Your ${STORE.name} order ${f.orderNumber} is delivered`, lines: [`Your parcel${awb} has been delivered. We hope you love it.`] };
    case 'returned':
      return {
        subject: `Your ${STORE.name} order ${f.orderNumber} came back to us`,
        lines: [
          `The courier could not deliver your parcel${awb} and has returned it to us.`,
          f.refund !== null || (f.creditUsed ?? 0) > 0 ? `We are refunding ${cancelMoneyText(f.refund ?? 0, f.creditUsed ?? 0, formatInr)}` : 'There is nothing to pay.',
        ],
      };
  }
}

export function parcelMail(step: ToldStep, f: ParcelMailFacts) {
  const { subject, lines } = wordsFor(step, f);
  return letter({
    kind: `parcel_${step}`,
    to: f.buyer.email,
    subject,
    greeting: `Hello ${f.buyer.firstName},`,
    lines,
    ...(f.trackUrl && { link: { action: 'Follow your parcel', url: f.trackUrl } }),
    after: `Order ${f.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
}
