import { rupeesCompact, type CartSummary } from '@shop/core';
import { BadgePercent, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';

/** What the page's action answered to the coupon form (couponAction), if it was that form. */
export interface CouponAnswer {
  ok: boolean;
  coupon?: 'applied' | 'removed';
  code?: string;
  fields?: Record<string, string>;
}

/**
 * The bag's coupon (issue 41): a code field posting to the page's own action (works without scripts; the refusal is
 * shown beside the field in words), or the code applied with what it took off and a Remove button; a code that
 * cannot be used any more says why. Then what the automatic offer saved and what to add for the next one.
 */
export function CouponPanel({
  summary,
  answer,
  actions,
  form: CouponForm = Form,
  hidden,
  pending = false,
}: {
  summary: CartSummary;
  answer: CouponAnswer | undefined;
  /** Where the forms post (the signed-out drawer's cart actions): the page's own action when left out. */
  actions?: { apply: string; remove: string };
  /** A fetcher's Form (the signed-out drawer), else the page's. */
  form?: typeof Form;
  /** Fields every post carries (the drawer's Enhanced marker). */
  hidden?: ReactNode;
  /** A fetcher's post under way. */
  pending?: boolean;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get('intent');
  const busy = pending || (navigation.state !== 'idle' && typeof intent === 'string' && intent.endsWith('-coupon'));
  const error = answer && !answer.ok ? answer.fields?.code : undefined;
  const coupon = summary.coupon;
  return (
    <div className="space-y-3">
      {summary.offer && (
        <p className="flex items-start gap-2 rounded-lg bg-[#e8f5ec] px-3 py-2 text-sm text-[#1d5c37]" data-testid="offer-saved">
          <Sparkles aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <span className="font-semibold">{summary.offer.name}</span>: you save {rupeesCompact(summary.offer.amount)}.
          </span>
        </p>
      )}
      {summary.nextOfferHint && (
        <p className="rounded-lg bg-sand/60 px-3 py-2 text-xs text-ink" data-testid="next-offer">
          {summary.nextOfferHint}.
        </p>
      )}
      {coupon ? (
        <CouponForm method="post" action={actions?.remove} className="rounded-xl border border-line p-3 text-sm" preventScrollReset>
          {hidden}
          <div className="flex items-center justify-between gap-3">
            <p className="flex items-center gap-2">
              <BadgePercent aria-hidden="true" className="h-4 w-4 shrink-0 text-wine-700" />
              <span>
                <span className="font-semibold">{coupon.code}</span>{' '}
                {coupon.applied ? <span className="text-[#1d7a46]">applied: −{rupeesCompact(coupon.amount)}</span> : null}
              </span>
            </p>
            <button
              type="submit"
              name="intent"
              value="remove-coupon"
              className="min-h-10 font-semibold text-wine-700 hover:underline"
              disabled={busy}
            >
              Remove<span className="sr-only"> coupon {coupon.code}</span>
            </button>
          </div>
          {!coupon.applied && coupon.refusal && (
            <p role="alert" className="mt-2 text-sm font-medium text-wine-700">
              {coupon.refusal} Remove it to continue, or change your bag.
            </p>
          )}
        </CouponForm>
      ) : (
        <CouponForm method="post" action={actions?.apply} className="text-sm" preventScrollReset>
          {hidden}
          <label htmlFor="coupon-code" className="block font-medium text-ink">
            Coupon code
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              id="coupon-code"
              name="code"
              defaultValue={answer && !answer.ok ? answer.code : undefined}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'coupon-code-error' : undefined}
              className="block min-h-11 w-full min-w-0 rounded-xl border border-line bg-white px-3.5 uppercase text-ink outline-none placeholder:normal-case placeholder:text-muted/70 focus:border-wine-600 focus:ring-2 focus:ring-wine-100 aria-[invalid=true]:border-wine-600"
              placeholder="e.g. FESTIVE10"
            />
            <button type="submit" name="intent" value="apply-coupon" className="btn btn-outline shrink-0" disabled={busy}>
              Apply
            </button>
          </div>
          {error && (
            <p id="coupon-code-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
              {error}
            </p>
          )}
        </CouponForm>
      )}
    </div>
  );
}
