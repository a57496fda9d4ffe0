import { afterEach, describe, expect, it } from 'vitest';
import { fetchPhotosFrom, imageAtWidth, imageSrcSet, photoSrc } from './images.ts';

const UPLOADED = '/images/products/u-0123456789abcdef0123.webp';

describe("where a page fetches the owner's photographs from", () => {
  afterEach(() => fetchPhotosFrom(undefined));

  it('is the shop itself by default', () => {
    expect(photoSrc(UPLOADED)).toBe(UPLOADED);
    expect(imageAtWidth(UPLOADED, 320)).toBe('/images/products/u-0123456789abcdef0123-320.webp');
  });

  it("is the bucket's public address once set, for uploaded photographs and each of their widths only", () => {
    fetchPhotosFrom('https://photos.example.com/shop');
    expect(photoSrc(UPLOADED)).toBe('https://photos.example.com/shop/products/u-0123456789abcdef0123.webp');
    expect(imageAtWidth(UPLOADED, 768)).toBe('https://photos.example.com/shop/products/u-0123456789abcdef0123-768.webp');
    expect(imageSrcSet(UPLOADED)).toBe(
      [320, 480, 768, 1080].map((w) => `https://photos.example.com/shop/products/u-0123456789abcdef0123-${w}.webp ${w}w`).join(', '),
    );
    // The demo's and the shop's drawn pictures are each server's own files; other addresses are left alone.
    expect(imageAtWidth('/images/products/kanjivaram-red.webp', 320)).toBe('/images/products/kanjivaram-red-320.webp');
    expect(imageAtWidth('/images/banners/diwali-mobile.webp', 768)).toBe('/images/banners/diwali-mobile-768.webp');
    expect(photoSrc('https://elsewhere.example.com/x.webp')).toBe('https://elsewhere.example.com/x.webp');
    // A buyer's review photograph too (issue 51).
    expect(photoSrc('/images/reviews/r-0123456789abcdef0123-480.webp')).toBe('https://photos.example.com/shop/reviews/r-0123456789abcdef0123-480.webp');
    fetchPhotosFrom('');
    expect(photoSrc(UPLOADED)).toBe(UPLOADED);
  });
});
