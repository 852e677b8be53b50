import {
  CANCEL_REASONS,
  CLAIM_WINDOW_HOURS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnedPieces,
  rupeesCompact,
  type OrderDetail,
} from '@shop/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, useActionData, useFetcher, useLocation } from 'react-router';
import { Enhanced, useHydrated } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { FormFailure } from '../../components/form-failure';
import { PhotoFilesField, SelectField, TextAreaField, TextField } from '../../components/form-field';
import { failureIn, fieldError, type Failure } from '../../lib/failure';
import { variantLabel } from '../../lib/variant-label';

type Intent = 'cancel' | 'return';

/** What the order page's action answered a refused form, for the form of that intent only. */
function failureFor(answer: unknown, intent: Intent): Failure | null {
  const failure = failureIn(answer);
  return failure && (answer as { intent?: unknown }).intent === intent ? failure : null;
}

interface Wording {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  dismissLabel: string;
}

const wordingOf = (order: OrderDetail, intent: Intent): Wording =>
  intent === 'cancel'
    ? {
        title: `Cancel ${order.orderNumber}?`,
        intro: order.payment
          ? `The full amount of ${rupeesCompact(order.total)} goes back to where you paid from.`
          : 'Your reserved items go back on the shelf.',
        submitLabel: 'Cancel order',
        dismissLabel: 'Keep my order',
      }
    : order.status === 'return_requested'
      ? {
          title: 'Add to your return',
          intro: `Choose more items to send back with it, within ${CLAIM_WINDOW_HOURS} hours of delivery. We refund what you paid for them.`,
          submitLabel: 'Add to return',
          dismissLabel: 'Close',
        }
      : {
          title: 'Request a return',
          intro: `Choose the items to send back, within ${CLAIM_WINDOW_HOURS} hours of delivery. We refund what you paid for them.`,
          submitLabel: 'Request return',
          dismissLabel: 'Close',
        };

/** Pieces of each line an open return holds already (none before a return is asked). */
function heldPieces(order: OrderDetail): Map<string, number> {
  if (order.status !== 'return_requested') return new Map();
  return new Map(returnedPieces(order).map(({ item, pieces }) => [item.itemId, pieces]));
}

/**
 * A line's pieces to send back: ticked or not, and how many of those bought in all (an open return's pieces
 * counted in, so a line never goes back twice); a line whose every piece the return holds says so instead.
 */
function ReturnItemChoice({ item, held, only }: { item: OrderDetail['items'][number]; held: number; only: boolean }) {
  const variant = variantLabel({ name: item.variantName, color: item.variantColor, size: item.variantSize });
  const quantityId = `return-quantity-${item.itemId}`;
  const name = (
    <span className="min-w-0">
      <span className="block font-medium leading-5">{item.productName}</span>
      {variant && <span className="block text-xs text-muted">{variant}</span>}
      {held > 0 && (
        <span className="block text-xs text-muted">
          {held === item.quantity ? 'Every piece is in your return.' : `${held} of ${item.quantity} already in your return.`}
        </span>
      )}
    </span>
  );
  if (held >= item.quantity) return <li className="flex min-h-11 items-center gap-3 py-2.5 pl-8 text-sm">{name}</li>;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5">
      <label className="flex min-h-11 min-w-0 flex-1 basis-48 items-center gap-3 text-sm">
        <input type="checkbox" name="returnItem" value={item.itemId} defaultChecked={only} className="h-5 w-5 shrink-0 accent-wine-700" />
        {name}
      </label>
      <span className="flex items-center gap-2 text-sm">
        <label htmlFor={quantityId} className="text-muted">
          Pieces
        </label>
        <select
          id={quantityId}
          name={`quantity:${item.itemId}`}
          defaultValue={String(item.quantity)}
          aria-label={`Pieces of ${item.productName} to return`}
          className="min-h-11 rounded-xl border border-line bg-white px-3 text-base sm:text-sm"
        >
          {Array.from({ length: item.quantity - held }, (_, index) => held + index + 1).map((count) => (
            <option key={count} value={count}>
              {count} of {item.quantity}
            </option>
          ))}
        </select>
      </span>
    </li>
  );
}

/** The fields of each form: why she cancels; which pieces go back, why, a note and photos for a return. */
function Fields({
  order,
  intent,
  failure,
  autoFocus,
}: {
  order: OrderDetail;
  intent: Intent;
  failure: Failure | null;
  autoFocus: boolean;
}) {
  if (intent === 'cancel') {
    return (
      <>
        <SelectField
          label="Why are you cancelling?"
          name="reason"
          defaultValue=""
          autoFocus={autoFocus}
          error={fieldError(failure, 'reason')}
        >
          <option value="">Choose a reason</option>
          {CANCEL_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Anything else?" name="reasonDetail" hint="Optional." rows={2} maxLength={400} />
      </>
    );
  }
  const itemsError = fieldError(failure, 'items');
  const photosError = fieldError(failure, 'photos');
  const held = heldPieces(order);
  const open = order.items.filter((item) => (held.get(item.itemId) ?? 0) < item.quantity);
  return (
    <>
      <fieldset aria-describedby={itemsError ? 'return-items-error' : undefined}>
        <legend className="text-sm font-medium text-ink">Items to return</legend>
        <ul className="mt-1 divide-y divide-line">
          {order.items.map((item) => (
            <ReturnItemChoice key={item.itemId} item={item} held={held.get(item.itemId) ?? 0} only={open.length === 1} />
          ))}
        </ul>
        {itemsError && (
          <p id="return-items-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
            {itemsError}
          </p>
        )}
      </fieldset>
      <SelectField label="What went wrong?" name="reason" defaultValue="" error={fieldError(failure, 'reason')}>
        <option value="">Choose a reason</option>
        {RETURN_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {RETURN_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Tell us more"
        name="note"
        hint="Optional: what you noticed."
        rows={3}
        maxLength={1000}
        error={fieldError(failure, 'note')}
      />
      <PhotoFilesField
        id="return-photos"
        name="photos"
        label="Photos"
        error={photosError}
        hint="Optional: up to 3 photos (JPEG, PNG, WebP or AVIF), each at most 10 MB."
      />
      {order.paymentMethod === 'cod' && (
        // Paid in cash at the door (issue 41): the refund is sent by hand to her UPI ID.
        <TextField
          label="UPI ID for your refund"
          name="upiId"
          required
          autoComplete="off"
          inputMode="email"
          spellCheck={false}
          placeholder="name@bank"
          hint="You paid in cash, so we send the refund to this UPI ID, such as asha.rao@okaxis."
          error={fieldError(failure, 'upiId')}
        />
      )}
    </>
  );
}

/**
 * Once the scripts run: a modal form in a native <dialog> (focus stays inside, Escape closes it, focus returns to the
 * button that opened it), posted to the order page's action through a fetcher; a success closes it with a toast.
 */
function FormDialog({ order, intent, onClose }: { order: OrderDetail; intent: Intent; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== 'idle';
  const failure = busy ? null : failureFor(fetcher.data, intent);
  const succeeded = !busy && (fetcher.data as { ok?: boolean } | undefined)?.ok === true;
  const wording = wordingOf(order, intent);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  useEffect(() => {
    if (succeeded) dialog.current?.close();
  }, [succeeded]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="order-dialog-title"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      <fetcher.Form
        method="post"
        noValidate
        encType={intent === 'return' ? 'multipart/form-data' : undefined}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto p-6"
      >
        <h2 id="order-dialog-title" className="text-xl font-semibold">
          {wording.title}
        </h2>
        <div className="mt-1 text-sm text-muted">{wording.intro}</div>
        <input type="hidden" name="intent" value={intent} />
        <Enhanced />
        <div className="mt-5 space-y-4">
          <FormFailure failure={failure} />
          <Fields order={order} intent={intent} failure={failure} autoFocus />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline" onClick={() => dialog.current?.close()} disabled={busy}>
            {wording.dismissLabel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending...' : wording.submitLabel}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}

/**
 * The server's HTML (and a page whose scripts never run): a native disclosure with the same form, posted to the
 * order page's action as a plain form; a refusal comes back open, with its messages.
 */
function FormDisclosure({ order, intent }: { order: OrderDetail; intent: Intent }) {
  const failure = failureFor(useActionData(), intent);
  const { pathname } = useLocation();
  const wording = wordingOf(order, intent);
  return (
    <details className="relative" open={failure !== null}>
      <summary className="btn btn-outline list-none [&::-webkit-details-marker]:hidden">{wording.submitLabel}</summary>
      <Form
        method="post"
        encType={intent === 'return' ? 'multipart/form-data' : undefined}
        className="absolute left-0 z-20 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-line bg-white p-5 shadow-xl sm:left-auto sm:right-0"
      >
        <h2 className="text-lg font-semibold">{wording.title}</h2>
        <div className="mt-1 text-sm text-muted">{wording.intro}</div>
        <input type="hidden" name="intent" value={intent} />
        <div className="mt-4 space-y-4">
          <FormFailure failure={failure} />
          <Fields order={order} intent={intent} failure={failure} autoFocus={false} />
        </div>
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <a href={pathname} className="btn btn-outline">
            {wording.dismissLabel}
          </a>
          <button type="submit" className="btn btn-primary">
            {wording.submitLabel}
          </button>
        </div>
      </Form>
    </details>
  );
}

/**
 * 'Cancel order' while the order may be cancelled, 'Request return' within the claim window ('Add to return' while a
 * return is open and some pieces are not in it); each asks first.
 */
export function OrderActions({ order }: { order: OrderDetail }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<Intent | null>(null);
  if (!order.canCancel && !order.canReturn) return null;
  const intents = [...(order.canCancel ? (['cancel'] as const) : []), ...(order.canReturn ? (['return'] as const) : [])];
  if (!hydrated) return intents.map((intent) => <FormDisclosure key={intent} order={order} intent={intent} />);
  return (
    <>
      {intents.map((intent) => (
        <button key={intent} type="button" className="btn btn-outline" onClick={() => setOpen(intent)}>
          {wordingOf(order, intent).submitLabel}
        </button>
      ))}
      {open && <FormDialog order={order} intent={open} onClose={() => setOpen(null)} />}
    </>
  );
}
