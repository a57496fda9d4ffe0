import { afterEach, describe, expect, it, vi } from 'vitest';
import { productPagesQuery, productQuery } from './catalog.api.ts';
import { ApiError, setTransport } from '../../lib/api.ts';
import { makeQueryClient } from '../../lib/query-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('a query client with a transport (a page drawn on the server)', () => {
  it('asks the API through it, never the network, with the same addresses the browser asks', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('the network was asked')));
    const asked: string[] = [];
    const client = makeQueryClient();
    setTransport(client, async (path) => {
      asked.push(path);
      return { status: 200, body: JSON.stringify(path.startsWith('/api/products/7') ? { id: 7, name: 'Kanjivaram Silk Saree' } : { items: [], hasMore: false }) };
    });
    await expect(client.fetchQuery(productQuery('7'))).resolves.toMatchObject({ name: 'Kanjivaram Silk Saree' });
    await client.fetchInfiniteQuery(productPagesQuery('newest'));
    expect(asked).toEqual(['/api/products/7', '/api/products?offset=0&limit=12']);
  });

  it('turns the API’s refusal into the same ApiError the browser gets', async () => {
    const client = makeQueryClient();
    setTransport(client, async () => ({ status: 404, body: JSON.stringify({ code: 'not_found', message: 'Product not found' }) }));
    const failed = await client.fetchQuery(productQuery('999999')).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 404, message: 'Product not found' });
  });

  it('another client, without one, still goes to the network', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', (url: string) => (seen.push(url), Promise.resolve(Response.json({ id: 1 }))));
    setTransport(makeQueryClient(), () => Promise.reject(new Error('the wrong client’s transport')));
    await makeQueryClient().fetchQuery(productQuery('1'));
    expect(seen).toEqual(['/api/products/1']);
  });
});
