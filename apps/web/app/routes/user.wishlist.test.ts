import { AppError, type Cart, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../lib/action-test-kit';
import { action } from './user.wishlist';

const asha = { _id: 'u1' } as PublicUser;
const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';

const VARIANT = '5f0c2b1a-3e4d-4c5b-8a6f-7e8d9c0b1a2f';

function page(fields: Record<string, string>, enhanced = false) {
  const wishlist = { remove: vi.fn(async () => {}), moveToCart: vi.fn(async () => ({}) as Cart) };
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

describe("the wishlist page's 'Move to bag'", () => {
  it('moves the chosen size into the bag in one call and goes back to the list with the message', async () => {
    const plain = page({ productId: PRODUCT, variantId: VARIANT, intent: 'move-to-bag' });
    expect(await plain.run()).toEqual({
      status: 302,
      location: '/user/wishlist',
      flash: { kind: 'success', message: 'Moved to your bag.' },
    });
    expect(plain.wishlist.moveToCart).toHaveBeenCalledWith('u1', { productId: PRODUCT, variantId: VARIANT });
    expect(plain.wishlist.remove).not.toHaveBeenCalled();
    const enhanced = page({ productId: PRODUCT, intent: 'move-to-bag' }, true);
    expect(await enhanced.run()).toMatchObject({
      status: 200,
      body: { ok: true, movedProductId: PRODUCT, toast: { kind: 'success', message: 'Moved to your bag.' } },
    });
    expect(enhanced.wishlist.moveToCart).toHaveBeenCalledWith('u1', { productId: PRODUCT });
  });

  it('says why the bag refused (no size, the stock) in the words of the field, the row left as it was', async () => {
    const noSize = page({ productId: PRODUCT, intent: 'move-to-bag' });
    noSize.wishlist.moveToCart.mockRejectedValueOnce(
      new AppError('INVALID_DATA', 'variantId: Please choose a colour and size.', { variantId: 'Please choose a colour and size.' }),
    );
    expect(await noSize.run()).toMatchObject({ status: 302, flash: { kind: 'error', message: 'Please choose a colour and size.' } });
    const scarce = page({ productId: PRODUCT, variantId: VARIANT, intent: 'move-to-bag' }, true);
    scarce.wishlist.moveToCart.mockRejectedValueOnce(new AppError('CONFLICT', 'Only 1 left', { quantity: 'Only 1 left' }));
    expect(await scarce.run()).toMatchObject({ status: 409, body: { ok: false, error: 'Only 1 left' } });
    const odd = page({ productId: PRODUCT, variantId: 'M', intent: 'move-to-bag' }, true);
    expect(await odd.run()).toMatchObject({ status: 404, body: { error: 'This colour and size of the product was not found.' } });
    expect(odd.wishlist.moveToCart).not.toHaveBeenCalled();
  });
});
