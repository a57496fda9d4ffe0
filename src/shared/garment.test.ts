import { describe, expect, it } from 'vitest';
import { detailLines, metres, NO_DETAILS } from './garment.ts';

describe('lengths in metres, as en-IN writes them', () => {
  it.each([5.5, 0.8, 1.15, 6, 6.25, 0.05, 1.155, 12.3, 1234.5, 0])('%d m', (m) => {
    expect(metres(m)).toBe(`${m.toLocaleString('en-IN', { maximumFractionDigits: 2 })} m`);
  });

  it('say a saree’s drape and its blouse piece', () => {
    expect(detailLines({ ...NO_DETAILS, sareeLengthM: 5.5, blousePiece: 'included', blouseLengthM: 0.8 })).toEqual([
      ['Saree length', '5.5 m'],
      ['Blouse piece', 'Included, 0.8 m (unstitched)'],
    ]);
  });
});
