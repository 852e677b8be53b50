import { AppError, isUuid } from '@shop/core';
import { data, redirect } from 'react-router';
import { loginThenReturnTo, paths } from '../config/paths';
import { servicesOf, shopperOf } from '../context';
import { ENHANCED_FIELD, type Flash } from '../lib/flash';
import { backTo, done, redirectWithFlash } from '../lib/flash.server';
import type { Route } from './+types/wishlist-actions';
import { postedForm } from '../lib/read-form.server';

// The wishlist hearts of every page (product cards, the product page): /wishlist/add and /wishlist/remove. A
// signed-out visitor is sent to log in and comes back to the page she was on, the product saved.

export const ADDED_TO_WISHLIST = 'Added to your wishlist.';
export const REMOVED_FROM_WISHLIST = 'Removed from your wishlist.';

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const back = backTo(request, form, paths.home);
  const user = shopperOf(context);
  const productId = form.get('productId');
  if (!user) {
    // Her tap on a heart is completed once she is in (the login action saves the product).
    const save = params.intent === 'add' && typeof productId === 'string' && isUuid(productId) ? productId : undefined;
    throw redirect(loginThenReturnTo(back, save));
  }
  const { wishlist } = servicesOf(context);
  try {
    if (typeof productId !== 'string' || !isUuid(productId)) throw new AppError('NOT_FOUND', 'Product not found');
    let flash: Flash;
    if (params.intent === 'add') {
      await wishlist.add(user._id, productId);
      flash = { kind: 'success', message: ADDED_TO_WISHLIST };
    } else if (params.intent === 'remove') {
      await wishlist.remove(user._id, productId);
      flash = { kind: 'success', message: REMOVED_FROM_WISHLIST };
    } else {
      throw data(null, { status: 404 });
    }
    return done(form, back, flash, { saved: params.intent === 'add' });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A heart is a button: with scripts its failure is toasted, without it the page it came from says it.
    if (form.get(ENHANCED_FIELD) === '1') {
      return data({ ok: false as const, error: error.message, fields: error.fields ?? {} }, { status: error.status });
    }
    return redirectWithFlash(back, { kind: 'error', message: error.message });
  }
}
