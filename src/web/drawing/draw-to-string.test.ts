import { createElement as h, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { drawToString } from './draw-to-string.ts';

const Price = ({ rupees }: { rupees: string }) => h('p', { className: 'price' }, 'Price: ', rupees);
const Throws = (): never => {
  throw new Error('no such piece');
};
/** A part whose code comes later, as a screen's first drawing on a new thread. */
const Later = lazy(() => new Promise<{ default: typeof Price }>((resolve) => setTimeout(() => resolve({ default: Price }), 20)));

describe('a page drawn into a string', () => {
  it('is the markup React draws, text escaped and non-ASCII kept', async () => {
    const page = h('main', null, h('h1', null, 'Banarasi <Silk> & “Zari”'), h(Price, { rupees: '₹1,23,456.00' }));
    const errors: unknown[] = [];
    const html = await drawToString(page, (e) => errors.push(e));
    expect(html).toBe(renderToString(page));
    expect(html).toContain('Banarasi &lt;Silk&gt; &amp; “Zari”');
    expect(html).toContain('₹1,23,456.00');
    expect(errors).toEqual([]);
  });

  it('waits for a part that is not ready, and holds it whole: nothing left for a script to fill in', async () => {
    const html = await drawToString(h('div', null, h(Suspense, { fallback: h('i', null, 'Loading') }, h(Later, { rupees: '₹549.00' }))), () => {});
    expect(html).toContain('Price: <!-- -->₹549.00');
    expect(html).not.toContain('Loading');
    expect(html).not.toContain('<script');
  });

  it('a part that fails inside a boundary is reported and left to the browser', async () => {
    const errors: unknown[] = [];
    const html = await drawToString(h('div', null, h(Suspense, { fallback: h('i', null, 'Loading') }, h(Throws))), (e) => {
      errors.push(e);
      // A listener's answer is never written into the page as the error's digest.
      return 'internal detail';
    });
    expect(html).not.toContain('internal detail');
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('no such piece');
    expect(html).toContain('<!--$!-->');
  });

  it('a page that fails outside any boundary rejects', async () => {
    await expect(drawToString(h('div', null, h(Throws)), () => {})).rejects.toThrow('no such piece');
  });
});
