/**
 * Five stars as two paths (issue 51): the empty five, and over them as many filled as the rating
 * rounds to in halves, with the rating in words for a screen reader.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Stars } from './stars.tsx';

const drawn = (rating: number) => renderToStaticMarkup(createElement(Stars, { rating }));
/** The filled path's stars: whole ones close with the star's last step, a half with the half's. */
const filled = (html: string) => {
  const d = /<path d="([^"]*)" class="fill-gold"/.exec(html)?.[1] ?? '';
  return { whole: (d.match(/6\.91-1\.01z/g) ?? []).length, half: (d.match(/6\.18-3\.25z/g) ?? []).length };
};

describe('stars', () => {
  it('fills whole stars and a half to the rating rounded to the nearest half', () => {
    expect(filled(drawn(3.7))).toEqual({ whole: 3, half: 1 });
    expect(filled(drawn(3.8))).toEqual({ whole: 4, half: 0 });
    expect(filled(drawn(5))).toEqual({ whole: 5, half: 0 });
    expect(filled(drawn(0.3))).toEqual({ whole: 0, half: 1 });
  });

  it('draws the five empty stars under them, and no filled path for nothing', () => {
    const html = drawn(0);
    expect((/<path d="([^"]*)" class="fill-line"/.exec(html)?.[1]?.match(/z/g) ?? []).length).toBe(5);
    expect(html).not.toContain('fill-gold');
  });

  it('says the rating to a screen reader to one decimal', () => {
    expect(drawn(3.66)).toContain('aria-label="3.7 out of 5 stars"');
    expect(drawn(4)).toContain('aria-label="4 out of 5 stars"');
  });
});
