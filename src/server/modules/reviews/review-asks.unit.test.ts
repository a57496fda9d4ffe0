/** The review ask's mail without the shop's public address (development): no button, and the words say where to write. */
import { describe, expect, it } from 'vitest';
import { reviewFormUrl } from './review-asks.ts';
import { reviewAskMail } from './review.mails.ts';

describe('the review ask without a public address', () => {
  it('has no link, and tells the buyer to write from Your Orders', () => {
    expect(reviewFormUrl(undefined, 'a1b2')).toBeNull();
    expect(reviewFormUrl('https://shop.example.in', 'a1b2')).toBe('https://shop.example.in/orders?review=a1b2');
    const mail = reviewAskMail({ email: 'meera@example.com', firstName: 'Meera' }, { orderNumber: 'VA100042', pieces: ['Kota Doria Dupatta', 'Chanderi Kurta'], formUrl: null });
    expect(mail.subject).toBe('How are your pieces from order VA100042?');
    expect(mail.textBody).toContain('You can write your review from Your Orders on our website.');
    expect(mail.textBody).not.toMatch(/https?:\/\//);
    expect(mail.htmlBody).not.toContain('Write a review');
  });
});
