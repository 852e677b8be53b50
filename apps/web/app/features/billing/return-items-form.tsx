import { BILL_PAYMENT_MODE_LABELS, BILL_PAYMENT_MODES, formatINR, type Bill, type BillItem } from '@shop/core';
import { useEffect, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { FormFailure } from '../../components/form-failure';
import { TextAreaField } from '../../components/form-field';
import type { Flash } from '../../lib/flash';
import { failureIn, fieldError, type Failure } from '../../lib/failure';
import { EMPTY_RETURN_FORM, leftToReturn, quantityField, type ReturnFormValues } from './bill-returns';

/** What the bill page's action answers the return form: done (the toast), or refused with what was typed. */
type ReturnAnswer = { ok: true; toast: Flash; creditNoteId: string } | (Failure & { intent: 'returnItems'; values?: ReturnFormValues });

const fromReturnForm = (answer: unknown): boolean =>
  typeof answer === 'object' && answer !== null && 'intent' in answer && answer.intent === 'returnItems';

const quantityClass =
  'mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-right text-base tabular-nums outline-none focus:border-wine-600 focus:ring-2 focus:ring-wine-100 aria-[invalid=true]:border-wine-600 sm:text-sm';

/** The one refund mode of a bill paid one way (refunded as it was paid, unless the cashier says otherwise). */
const usualRefundMode = (bill: Bill) => (bill.payments.length === 1 ? bill.payments[0]!.mode : '');

/**
 * 'Return items' (issue 26): how many pieces of each line came back (0 to what is left), how the money went back
 * and why. Posted to the bill page's action with or without scripts; done, the new credit note is listed and named
 * in a toast (or on the page after a plain post); refused, the messages sit beside their fields and the form's
 * failure is a toast too.
 */
export function ReturnItemsForm({ bill, items, note = null }: { bill: Bill; items: BillItem[]; note?: string | null }) {
  const fetcher = useFetcher<ReturnAnswer>();
  const posted: unknown = useActionData();
  const answer = fetcher.data ?? (fromReturnForm(posted) ? posted : undefined);
  const failure = failureIn(answer);
  const values = (failure as { values?: ReturnFormValues } | null)?.values ?? EMPTY_RETURN_FORM;
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== 'idle';
  const form = useRef<HTMLFormElement>(null);
  // Issued: the form starts afresh (a plain post gets a fresh page).
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  const refundMode = values.refundMode || usualRefundMode(bill);
  const itemsError = fieldError(failure, 'items');
  const modeError = fieldError(failure, 'refundMode');

  return (
    <section aria-labelledby="return-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <h2 id="return-title" className="text-xl font-semibold">
        Return items
      </h2>
      <p className="mt-1 text-sm text-muted">
        Say how many pieces of each item came back. They go back in stock, and a credit note is issued for their share of what was paid.
      </p>
      {/* Staff's limits, the owner's setting (issue 40). */}
      {note && <p className="mt-2 text-sm font-medium text-ink">{note}</p>}
      <fetcher.Form ref={form} method="post" noValidate className="mt-4 space-y-5">
        <Enhanced />
        <input type="hidden" name="intent" value="returnItems" />
        <FormFailure failure={failure} />
        <ul className="divide-y divide-line border-y border-line" aria-label="Items to return">
          {items.map((item) => {
            const id = `return-${item._id}`;
            const left = leftToReturn(item);
            const error = fieldError(failure, quantityField(item._id));
            return (
              <li key={item._id} className="grid grid-cols-[minmax(0,1fr)_6rem] items-end gap-x-3 gap-y-1 py-3">
                <div className="min-w-0 self-center">
                  <p className="font-medium">{item.name}</p>
                  <p className="text-xs text-muted" id={`${id}-hint`}>
                    {formatINR(item.price)} each · {left} of {item.quantity} left to return
                  </p>
                </div>
                <div>
                  <label htmlFor={id} className="block text-xs font-medium text-ink">
                    Return<span className="sr-only"> quantity of {item.name}</span>
                  </label>
                  <input
                    id={id}
                    name={quantityField(item._id)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    step={1}
                    defaultValue={values.quantities[item._id] ?? '0'}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : `${id}-hint`}
                    className={quantityClass}
                  />
                </div>
                {error && (
                  <p id={`${id}-error`} role="alert" className="col-span-2 text-sm font-medium text-wine-700">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {itemsError && (
          <p id="return-items-error" role="alert" className="-mt-3 text-sm font-medium text-wine-700">
            {itemsError}
          </p>
        )}

        <fieldset aria-describedby={modeError ? 'refund-mode-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-ink">
            Refunded by
            <span aria-hidden="true" className="ml-0.5 text-wine-700">
              *
            </span>
          </legend>
          <div className="grid max-w-sm grid-cols-3 gap-1 rounded-xl bg-sand p-1">
            {BILL_PAYMENT_MODES.map((mode) => (
              <label
                key={mode}
                className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg text-sm font-medium text-muted has-[:checked]:bg-white has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-wine-600"
              >
                <input type="radio" name="refundMode" value={mode} className="sr-only" defaultChecked={refundMode === mode} />
                {BILL_PAYMENT_MODE_LABELS[mode]}
              </label>
            ))}
          </div>
          {modeError && (
            <p id="refund-mode-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
              {modeError}
            </p>
          )}
        </fieldset>

        <TextAreaField
          label="Reason for the return"
          id="return-reason"
          name="reason"
          required
          rows={2}
          maxLength={300}
          defaultValue={values.reason}
          error={fieldError(failure, 'reason')}
        />

        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? 'Issuing...' : 'Issue credit note'}
        </button>
      </fetcher.Form>
    </section>
  );
}
