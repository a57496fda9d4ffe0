/** What a reviewer is told (issue 51): that the owner did not publish their review, and why; and what a buyer is asked after delivery. */
import { REVIEW_WINDOW_DAYS } from '../../../shared/reviews.ts';
import { STORE } from '../../../shared/store.ts';
import { letter } from '../mail/letter.ts';

export function reviewRejectedMail(to: { email: string; firstName: string }, f: { productName: string; title: string; reason: string; productUrl: string | null }) {
  return letter({
    kind: 'review_rejected',
    to: to.email,
    subject: `About your review of ${f.productName}`,
    greeting: `Hello ${to.firstName},`,
    lines: [`Thank you for reviewing ${f.productName}. We have not published your review “${f.title}”, because:`, f.reason, 'You are welcome to write it again without that, from the product’s page.'],
    ...(f.productUrl && { link: { action: 'Write a review', url: f.productUrl } }),
    after: `If you think we have this wrong, write to ${STORE.email}.`,
  });
}

/** A name as one line of plain words: a mail's subject and greeting never carry a line break (a header of its own) or a control character. */
const oneLine = (s: string) => s.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/**
 * What a buyer is asked a few days after delivery (issue 51): how their pieces are, named, with a
 * button to the order's "Write a review" on Your Orders (`formUrl`; none without the shop's public
 * address, as the order's other mails, and then the words say where).
 */
export function reviewAskMail(to: { email: string; firstName: string }, f: { orderNumber: string; pieces: string[]; formUrl: string | null }) {
  const pieces = f.pieces.map(oneLine);
  const [only] = pieces.length === 1 ? pieces : [];
  return letter({
    kind: 'review_ask',
    to: to.email,
    subject: only ? `How is your ${only}?` : `How are your pieces from order ${f.orderNumber}?`,
    greeting: `Hello ${oneLine(to.firstName)},`,
    lines: [
      only ? `Your ${only} (order ${f.orderNumber}) reached you a few days ago. We hope you love it.` : `Your order ${f.orderNumber} reached you a few days ago. We hope you love what you chose:`,
      ...(only ? [] : pieces.map((p) => `• ${p}`)),
      `Would you tell other shoppers how you find ${only ? 'it' : 'them'}? The fabric, the colour, the fall and the fit: a few words, and a photograph if you like.`,
      ...(f.formUrl ? [] : ['You can write your review from Your Orders on our website.']),
    ],
    ...(f.formUrl && { link: { action: 'Write a review', url: f.formUrl } }),
    after: `Reviews can be written up to ${REVIEW_WINDOW_DAYS} days after delivery. Questions? Write to ${STORE.email}.`,
  });
}
