import { AppError } from '@shop/core';
import { redirect, type RouterContextProvider } from 'react-router';
import { loginThenReturnTo } from '../../config/paths';
import { servicesOf, shopperOf } from '../../context';
import { buttonCall } from '../../lib/button-action.server';
import { backTo } from '../../lib/flash.server';
import { formText } from '../../lib/form-data';
import { postedForm } from '../../lib/read-form.server';

export const HELPFUL_THANKS = 'Thanks for your feedback.';

/**
 * The product page's action (issue 28): 'Helpful' on one of its reviews (intent markHelpful, reviewId), once per
 * shopper and never on her own. A signed-out shopper is sent to log in and comes back to the page; a refusal is a
 * toast with scripts, the page's message without.
 */
export async function helpfulAction(request: Request, context: Readonly<RouterContextProvider>, productPath: string) {
  const form = await postedForm(request);
  const back = backTo(request, form, productPath);
  const shopper = shopperOf(context);
  if (!shopper) throw redirect(loginThenReturnTo(back));
  const reviewId = formText(form, 'reviewId');
  return buttonCall(
    form,
    back,
    async () => {
      if (formText(form, 'intent') !== 'markHelpful') throw new AppError('INVALID_DATA', 'Unknown action.');
      await servicesOf(context).reviews.markHelpful(shopper._id, reviewId);
    },
    HELPFUL_THANKS,
  );
}
