import { applyCouponSchema, type PublicUser } from '@shop/core';
import { data } from 'react-router';
import { pageOf } from '../../context';
import { formFailure, actionCall } from '../../lib/service-call.server';

type Context = Parameters<typeof pageOf>[0];

/** The intents of the coupon form (coupon-panel.tsx), posted to the page's own action: the bag or checkout. */
export const COUPON_INTENTS = ['apply-coupon', 'remove-coupon'] as const;

export const isCouponIntent = (intent: FormDataEntryValue | null): intent is (typeof COUPON_INTENTS)[number] =>
  COUPON_INTENTS.includes(intent as (typeof COUPON_INTENTS)[number]);

/**
 * Applies or removes her bag's code (issue 41): answers `{ ok: true, message }`, or the refusal on the field `code`
 * in words with the code she typed echoed back (400, or 429 after too many wrong codes), so the page shows it beside
 * the field with or without scripts.
 */
export async function couponAction(form: FormData, context: Context, user: PublicUser) {
  const { services, clientIp } = pageOf(context);
  if (form.get('intent') === 'remove-coupon') {
    await services.cart.removeCoupon(user._id);
    return data({ ok: true as const, coupon: 'removed' as const, toast: { kind: 'success' as const, message: 'Coupon removed.' } });
  }
  const posted = form.get('code');
  const typed = typeof posted === 'string' ? posted : '';
  const checked = applyCouponSchema.safeParse({ code: typed });
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? 'Please enter a coupon code.';
    return formFailure(400, { error: `code: ${message}`, fields: { code: message } }, { code: typed });
  }
  return actionCall(
    services.cart.applyCoupon(user._id, checked.data.code, clientIp),
    () =>
      data({
        ok: true as const,
        coupon: 'applied' as const,
        toast: { kind: 'success' as const, message: `Coupon ${checked.data.code} applied.` },
      }),
    { code: typed },
  );
}
