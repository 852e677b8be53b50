import {
  BILL_PAYMENT_MODE_LABELS,
  BILL_PAYMENT_MODES,
  billPayments,
  formatINR,
  parseRupees,
  type BillPaymentInput,
  type BillPaymentMode,
} from '@shop/core';

// How the customer pays at the counter (issue 26): cash (with what she hands over and the change), UPI, card, or
// split across them. The amounts are checked by @shop/core's billPayments, the same rule the server applies.

export type PayChoice = BillPaymentMode | 'split';

export interface PaymentDraft {
  choice: PayChoice;
  /** Cash handed over, in rupees as typed ('' when not said). */
  received: string;
  /** Split amounts in rupees as typed, per mode. */
  split: Record<BillPaymentMode, string>;
}

export const EMPTY_PAYMENT: PaymentDraft = { choice: 'cash', received: '', split: { cash: '', upi: '', card: '' } };

const CHOICES: readonly PayChoice[] = [...BILL_PAYMENT_MODES, 'split'];
const CHOICE_LABELS: Record<PayChoice, string> = { ...BILL_PAYMENT_MODE_LABELS, split: 'Split' };

/**
 * The payments the draft stands for on a bill of `total`, or the problem to show: a single mode pays the whole
 * total; a split pays what is typed per mode and must add up.
 */
export function paymentsOf(
  draft: PaymentDraft,
  total: number,
): { ok: true; payments: BillPaymentInput[] } | { ok: false; message: string } {
  let payments: BillPaymentInput[];
  if (draft.choice === 'split') {
    payments = [];
    for (const mode of BILL_PAYMENT_MODES) {
      const typed = draft.split[mode].trim();
      if (!typed) continue;
      const amount = parseRupees(typed);
      if (amount === null) return { ok: false, message: `${BILL_PAYMENT_MODE_LABELS[mode]}: please type an amount in rupees.` };
      if (amount > 0) payments.push({ mode, amount });
    }
    if (payments.length === 0) return { ok: false, message: 'Type what is paid by each mode.' };
  } else if (draft.choice === 'cash' && draft.received.trim()) {
    const tendered = parseRupees(draft.received);
    if (tendered === null) return { ok: false, message: 'Cash received: please type an amount in rupees.' };
    payments = [{ mode: 'cash', amount: total, tendered }];
  } else {
    payments = [{ mode: draft.choice, amount: total }];
  }
  if (total === 0) return { ok: true, payments: [] };
  const checked = billPayments(payments, total);
  return checked.ok ? { ok: true, payments } : { ok: false, message: checked.message };
}

const field =
  'block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-right text-base tabular-nums outline-none focus:border-wine-600 focus:ring-2 focus:ring-wine-100 sm:text-sm';

export function PaymentSection({
  draft,
  total,
  onChange,
}: {
  draft: PaymentDraft;
  total: number;
  onChange: (draft: PaymentDraft) => void;
}) {
  const received = draft.choice === 'cash' ? parseRupees(draft.received) : null;
  const splitPaid = BILL_PAYMENT_MODES.reduce((sum, mode) => sum + (parseRupees(draft.split[mode]) ?? 0), 0);
  return (
    <fieldset className="space-y-3 border-t border-line pt-3">
      <legend className="float-left mb-2 text-sm font-medium">Paid by</legend>
      <div className="clear-left grid grid-cols-4 gap-1 rounded-xl bg-sand p-1">
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className="relative flex min-h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-medium text-muted has-[:checked]:bg-white has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-wine-600"
          >
            <input
              type="radio"
              name="paidBy"
              value={choice}
              className="sr-only"
              checked={draft.choice === choice}
              onChange={() => onChange({ ...draft, choice })}
            />
            {CHOICE_LABELS[choice]}
          </label>
        ))}
      </div>

      {draft.choice === 'cash' && (
        <div className="grid grid-cols-[1fr_8rem] items-center gap-x-3 gap-y-1 text-sm">
          <label htmlFor="cash-received">Cash received (₹)</label>
          <input
            id="cash-received"
            name="received"
            className={field}
            inputMode="decimal"
            autoComplete="off"
            placeholder={total > 0 ? (total / 100).toFixed(0) : ''}
            value={draft.received}
            onChange={(event) => onChange({ ...draft, received: event.target.value })}
          />
          {received !== null && (
            <p className="col-span-2 text-right tabular-nums" aria-live="polite" data-testid="cash-change">
              {received >= total ? (
                <>
                  Change <strong className="text-base">{formatINR(received - total)}</strong>
                </>
              ) : (
                <span className="text-wine-700">Short by {formatINR(total - received)}</span>
              )}
            </p>
          )}
        </div>
      )}

      {draft.choice === 'split' && (
        <div className="grid grid-cols-[1fr_8rem] items-center gap-x-3 gap-y-2 text-sm">
          {BILL_PAYMENT_MODES.map((mode) => (
            <div key={mode} className="contents">
              <label htmlFor={`split-${mode}`}>{BILL_PAYMENT_MODE_LABELS[mode]} (₹)</label>
              <input
                id={`split-${mode}`}
                name={`split-${mode}`}
                className={field}
                inputMode="decimal"
                autoComplete="off"
                value={draft.split[mode]}
                onChange={(event) => onChange({ ...draft, split: { ...draft.split, [mode]: event.target.value } })}
              />
            </div>
          ))}
          <p className="col-span-2 text-right tabular-nums" aria-live="polite" data-testid="split-remaining">
            {splitPaid === total ? (
              <span className="text-green-800">Adds up to the total</span>
            ) : splitPaid < total ? (
              <>Remaining {formatINR(total - splitPaid)}</>
            ) : (
              <span className="text-wine-700">Over by {formatINR(splitPaid - total)}</span>
            )}
          </p>
        </div>
      )}
    </fieldset>
  );
}
