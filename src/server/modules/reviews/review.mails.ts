/** What a reviewer is told (issue 51): that the owner did not publish their review, and why. */
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
