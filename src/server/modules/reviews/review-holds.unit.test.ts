import { describe, expect, it } from 'vitest';
import { DEFAULT_HELD_WORDS, holdsFor } from './review-holds.ts';

const held = (text: string, photos = false) => holdsFor(text, photos, DEFAULT_HELD_WORDS);

describe('why a review waits for the owner', () => {
  it('publishes an unkind review that holds none of them', () => {
    expect(held('Terrible stitching, the colour ran in the first wash. Worst ₹1,499 I have spent. Size M, 38 inch chest.')).toEqual([]);
    expect(held('Bahut bekaar quality hai, paisa barbaad')).toEqual([]);
    expect(held('Order 100234 came on 12.10.2026, fabric 5.5 metres')).toEqual([]);
  });

  it('holds photographs, links, phone numbers and e-mail addresses', () => {
    expect(held('Lovely', true)).toEqual(['photos']);
    expect(held('Cheaper at https://example.com/saree')).toEqual(['link']);
    expect(held('see www.cheapsarees.in')).toEqual(['link']);
    expect(held('buy from sareeworld.shop instead')).toEqual(['link']);
    expect(held('Call me on 98765 43210')).toEqual(['phone']);
    expect(held('WhatsApp +91-9876543210 for resale')).toEqual(['phone']);
    expect(held('mail meera.k@example.com')).toEqual(['email']);
  });

  it("holds words on the owner's list, in English, Hinglish and Devanagari, as whole words", () => {
    expect(held('What a shit fabric')).toEqual(['word']);
    expect(held('seller chutiya hai')).toEqual(['word']);
    expect(held('विक्रेता हरामी है')).toEqual(['word']);
    expect(held('Scunthorpe cotton')).toEqual([]);
    expect(holdsFor('the blouse was bad', false, ['bad'])).toEqual(['word']);
  });
});
