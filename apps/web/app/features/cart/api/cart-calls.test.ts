import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/api-client';
import { getCart } from './get-cart';
import { removeFromCart } from './remove-from-cart';
import { updateCartQuantity } from './update-cart-quantity';

const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
const cart = { userCarts: [], summary: { subtotal: 0, shipping: 0, total: 0 }, itemCount: 0 };
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('the cart calls', () => {
  it('removes a line with the spec’s DELETE and the line in a JSON body', async () => {
    const fetch = answer(200, { success: true, data: cart });
    vi.stubGlobal('fetch', fetch);
    await expect(removeFromCart({ productId: PRODUCT })).resolves.toEqual(cart);
    expect(fetch).toHaveBeenCalledWith(
      '/api/user/product/removeFromCart',
      expect.objectContaining({ method: 'DELETE', body: JSON.stringify({ productId: PRODUCT }) }),
    );
  });

  it('hands on the server’s 409 message for a quantity beyond the stock', async () => {
    vi.stubGlobal('fetch', answer(409, { success: false, error: 'Only 2 left' }));
    const failure: unknown = await updateCartQuantity({ productId: PRODUCT, quantity: 3 }).catch((error: unknown) => error);
    expect(errorMessage(failure)).toBe('Only 2 left');
  });

  it('refuses a cart that does not keep the contract (a total in rupees as text)', async () => {
    vi.stubGlobal('fetch', answer(200, { success: true, data: { ...cart, summary: { ...cart.summary, total: '0.00' } } }));
    const failure: unknown = await getCart().catch((error: unknown) => error);
    expect(errorMessage(failure)).toBe('An unknown error occurred.');
  });
});
