import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/api-client';
import { getWishlist } from './get-wishlist';

const answer = (data: unknown) => vi.fn(async () => new Response(JSON.stringify({ success: true, data }), { status: 200 }));

const entry = {
  productId: '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11',
  addedAt: '2026-11-20T10:00:00.000Z',
  product: {
    _id: '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11',
    productName: 'Wine Kanjivaram saree',
    slug: 'wine-kanjivaram-saree',
    category: null,
    productPrice: 1_299_900,
    productDiscount: 10,
    sellingPrice: 1_169_910,
    inStock: true,
    colors: ['Wine'],
    image: null,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('getWishlist', () => {
  it('answers the entries, checked by the contract in @shop/core', async () => {
    const fetch = answer({ wishlist: [entry, { ...entry, productId: 'archived', product: null }] });
    vi.stubGlobal('fetch', fetch);
    await expect(getWishlist()).resolves.toEqual([entry, { ...entry, productId: 'archived', product: null }]);
    expect(fetch).toHaveBeenCalledWith('/api/user/profile/getMyWishlist', expect.objectContaining({ method: 'GET' }));
  });

  it('refuses an answer that does not keep the contract (a price in rupees as text)', async () => {
    vi.stubGlobal('fetch', answer({ wishlist: [{ ...entry, product: { ...entry.product, sellingPrice: '11699.10' } }] }));
    const failure: unknown = await getWishlist().catch((error: unknown) => error);
    expect(errorMessage(failure)).toBe('An unknown error occurred.');
  });
});
