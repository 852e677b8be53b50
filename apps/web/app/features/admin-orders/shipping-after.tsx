import { returnPickupInWords, type AdminOrderDetail } from '@shop/core';
import { useFetcher } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { TextAreaField } from '../../components/form-field';
import { ACTION_LABELS } from './order-actions';

// Issue 42, continued: on the admin order page, the parcel's failed delivery attempts (NDR) with the reattempt form,
// and the accepted return's courier pickup with its retry. Plain forms to the page's action: they work without scripts.

const card = 'rounded-2xl border border-line bg-white p-4 sm:p-6';

/** The failed attempts, newest last; the latest one, while the parcel is on its way, can be sent out again. */
export function DeliveryAttemptsSection({ order }: { order: AdminOrderDetail }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const attempts = order.deliveryAttempts ?? [];
  if (attempts.length === 0) return null;
  const latest = attempts.at(-1)!;
  const onItsWay = order.status === 'packed' || order.status === 'shipped';
  return (
    <section aria-labelledby="attempts-title" className={card}>
      <h2 id="attempts-title" className="mb-2 text-lg font-semibold">
        Failed delivery {attempts.length === 1 ? 'attempt' : 'attempts'}
      </h2>
      <ol className="space-y-2 text-sm">
        {attempts.map((attempt) => (
          <li key={attempt.attempt}>
            <p className="font-semibold">
              Attempt {attempt.attempt}: {attempt.reason || 'no reason given'}
            </p>
            <p className="text-xs text-muted">
              {attempt.at.slice(0, 16)} (courier's time)
              {attempt.reattemptRequested && ' · reattempt asked for'}
            </p>
          </li>
        ))}
      </ol>
      {onItsWay && !latest.reattemptRequested && (
        <fetcher.Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="reattempt" />
          <input type="hidden" name="attempt" value={latest.attempt} />
          <Enhanced />
          <TextAreaField
            label="Note for the courier"
            name="comments"
            required
            rows={2}
            maxLength={200}
            hint="Such as: call before coming, the landmark, a better time."
          />
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Working...' : ACTION_LABELS.reattempt}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

/** The accepted return's courier pickup: its state in words, the tracking link, and Retry after a failed booking. */
export function ReturnPickupSection({ order }: { order: AdminOrderDetail }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const pickup = order.returnPickup;
  if (!pickup) return null;
  const failed = pickup.status === 'failed';
  return (
    <section aria-labelledby="return-pickup-title" className={card}>
      <h2 id="return-pickup-title" className="mb-2 text-lg font-semibold">
        Return pickup
      </h2>
      <p className={failed ? 'text-sm font-semibold text-wine-700' : 'text-sm'} role={failed ? 'alert' : undefined}>
        {returnPickupInWords(pickup)}
      </p>
      {pickup.awb && (
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Courier</dt>
          <dd>{pickup.courierName}</dd>
          <dt className="text-muted">AWB</dt>
          <dd className="font-mono break-all">{pickup.awb}</dd>
        </dl>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {pickup.trackingUrl && (
          <a href={pickup.trackingUrl} target="_blank" rel="noreferrer" className="btn btn-outline">
            Track return
          </a>
        )}
        {failed && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="retryPickup" />
            <Enhanced />
            <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
              {fetcher.state !== 'idle' ? 'Working...' : ACTION_LABELS.retryPickup}
            </button>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}
