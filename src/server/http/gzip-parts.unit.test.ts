import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipWithEnd, zipStart } from './gzip-parts.ts';

const gunzip = (bytes: Uint8Array) => zlib.gunzipSync(bytes).toString('utf8');

describe('gzip of a start compressed once and an end added per answer', () => {
  const start = `<!doctype html><title>Kanjeevaram — ₹12,999</title>${'<li>Banarasi silk saree</li>'.repeat(3000)}😀`;

  it('is one gzip member that any gzip reader takes back to the start and the end', () => {
    const zipped = zipStart(start);
    for (const end of ['', 'abc+/==" />\n</body>\n</html>\n', 'é'.repeat(500), '\u0000\uffff']) {
      const answer = gzipWithEnd(zipped, end);
      expect(gunzip(answer)).toBe(start + end);
      // A reader that stops at the first member's end would see the same: there is only one.
      expect(zlib.inflateRawSync(answer.subarray(10, answer.length - 8)).toString('utf8')).toBe(start + end);
    }
  });

  it('compresses the start as well as gzip of the whole page does, within a few bytes of framing', () => {
    const end = 'nonce="c2VjcmV0" />\n</body>\n</html>\n';
    const whole = zlib.gzipSync(start + end, { level: 5 }).length;
    expect(gzipWithEnd(zipStart(start), end).length).toBeLessThan(whole + end.length + 20);
  });

  it('serves many answers from one start, each with its own end', () => {
    const zipped = zipStart(start);
    const ends = ['first', 'second', 'third'];
    expect(ends.map((end) => gunzip(gzipWithEnd(zipped, end)))).toEqual(ends.map((end) => start + end));
  });

  it('takes an empty start', () => {
    expect(gunzip(gzipWithEnd(zipStart(''), 'only the end'))).toBe('only the end');
  });

  it('takes an end up to a stored block’s 64 KB and refuses a longer one', () => {
    const zipped = zipStart(start);
    expect(gunzip(gzipWithEnd(zipped, 'x'.repeat(0xffff)))).toBe(start + 'x'.repeat(0xffff));
    expect(() => gzipWithEnd(zipped, 'x'.repeat(0x10000))).toThrow(RangeError);
  });
});
