import type { OrderDetail } from '@shop/core';

// Issue 42, continued: what the shopper's order page says about her parcel after booking: the courier's failed
// attempt (with its reason and what happens next) and her return's courier pickup.

/** The courier could not deliver: the latest attempt's reason, and that it is tried again. */
export function FailedDeliveryNotice({ order }: { order: Pick<OrderDetail, 'failedDelivery'> }) {
  const attempt = order.failedDelivery;
  if (!attempt) return null;
  return (
    <p role="status" className="mt-3 rounded-xl border border-[#f0d9a8] bg-[#fdf1dc] px-4 py-3 text-sm text-[#5c3804]">
      <strong className="font-semibold">The courier could not deliver your parcel</strong>{' '}
      {attempt.reason ? `(attempt ${attempt.attempt}: ${attempt.reason}). ` : `(attempt ${attempt.attempt}). `}
      {attempt.reattemptRequested
        ? 'We have asked them to try again.'
        : 'They will try again; if your address or phone number needs a change, contact us.'}
    </p>
  );
}

const PICKUP_WORDS: Record<NonNullable<OrderDetail['returnPickup']>['status'], string | null> = {
  booking: null,
  // Her side of a failed booking: nothing to do, the shop retries.
  failed: 'We are arranging a courier to collect your return.',
  booked: 'A courier will collect your return from your address.',
  picked_up: 'The courier has collected your return.',
  arrived: 'Your return has reached us: we check the pieces and send your refund.',
};

/** Her return's courier pickup, in words; its tracking link once it has an AWB. */
export function ReturnPickupNotice({ order }: { order: Pick<OrderDetail, 'returnPickup'> }) {
  const pickup = order.returnPickup;
  const words = pickup ? PICKUP_WORDS[pickup.status] : null;
  if (!pickup || !words) return null;
  return (
    <p role="status" className="mt-3 rounded-xl bg-wine-50 px-4 py-3 text-sm text-ink">
      {words}
      {pickup.awb && pickup.trackingUrl && (
        <>
          {' '}
          Tracking{' '}
          <a href={pickup.trackingUrl} target="_blank" rel="noreferrer" className="font-mono underline">
            {pickup.awb}
          </a>
        </>
      )}
    </p>
  );
}
