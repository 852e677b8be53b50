import { AppError, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../lib/action-test-kit';
import { action } from './user.wishlist';

const asha = { _id: 'u1' } as PublicUser;
const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';

function page(fields: Record<string, string>, enhanced = false) {
  const wishlist = { remove: vi.fn(async () => {}) };
  const args = post('/user/wishlist', fields, { services: { wishlist }, shopper: asha, enhanced });
  return { run: async () => answerOf(await action(args)), wishlist };
}

describe('the wishlist page action', () => {
  it("'Remove' takes the product off her wishlist, with the message", async () => {
    const plain = page({ productId: PRODUCT });
    expect(await plain.run()).toEqual({
      status: 302,
      location: '/user/wishlist',
      flash: { kind: 'success', message: 'Removed from your wishlist.' },
    });
    expect(plain.wishlist.remove).toHaveBeenCalledWith('u1', PRODUCT);
    expect(await page({ productId: PRODUCT }, true).run()).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('a product not in the wishlist (or no product id) is said so', async () => {
    const gone = page({ productId: PRODUCT });
    gone.wishlist.remove.mockRejectedValueOnce(new AppError('NOT_FOUND', 'This product is not in your wishlist.'));
    expect(await gone.run()).toMatchObject({ status: 302, flash: { kind: 'error', message: 'This product is not in your wishlist.' } });
    const odd = page({ productId: '../etc' }, true);
    expect(await odd.run()).toMatchObject({ status: 404, body: { error: 'This product is not in your wishlist.' } });
    expect(odd.wishlist.remove).not.toHaveBeenCalled();
  });
});
