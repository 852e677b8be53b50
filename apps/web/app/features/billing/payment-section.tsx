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
  /** Cash handed over, in rupees as typed ('' when not said): for a cash payment, or the cash part of a split. */
  received: string;
  /** Split amounts in rupees as typed, per mode. */
  split: Record<BillPaymentMode, string>;
  /** With scripts: the split's modes the cashier typed an amount in, in order; the last of the others holds the rest. */
  typed?: readonly BillPaymentMode[];
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
    // The cash part of a split records what was handed over too (issue 40): the change is given on it.
    if (draft.received.trim()) {
      const tendered = parseRupees(draft.received);
      if (tendered === null) return { ok: false, message: 'Cash received: please type an amount in rupees.' };
      const cash = payments.find((payment) => payment.mode === 'cash');
      if (!cash) return { ok: false, message: 'Cash received: type the cash part of the split first.' };
      cash.tendered = tendered;
    }
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

/** Rupees as the counter's fields show them: '1299' or '1299.50'. */
const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/**
 * A split with what remains pre-filled (issue 40): once the cashier has typed an amount in a mode, the last mode she
 * has not typed in holds what is left to pay (cash 500 of ₹1,499 → card 999), and any other untyped mode is empty;
 * so the parts always add up until she types in every mode herself. Without `typed` (no scripts) it is as posted.
 */
export function withRemainder(draft: PaymentDraft, total: number): PaymentDraft {
  if (draft.choice !== 'split' || !draft.typed) return draft;
  const typed = draft.typed.filter((mode) => draft.split[mode].trim() !== '');
  const open = BILL_PAYMENT_MODES.filter((mode) => !typed.includes(mode));
  if (typed.length === 0 || open.length === 0) return draft;
  const paid = typed.reduce((sum, mode) => sum + (parseRupees(draft.split[mode]) ?? 0), 0);
  const last = open[open.length - 1];
  const split = { ...draft.split };
  for (const mode of open) split[mode] = mode === last && paid < total ? rupeesText(total - paid) : '';
  return { ...draft, split };
}

const field =
  'block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-right text-base tabular-nums outline-none focus:border-wine-600 focus:ring-2 focus:ring-wine-100 sm:text-sm';

/**
 * What the customer handed over in cash, and the change on `due` (the whole total, or a split's cash part; null while
 * that part is not typed): a label, its field and the change or shortfall, in the section's two-column grid.
 */
function CashReceived({ id, due, value, onChange }: { id: string; due: number | null; value: string; onChange: (value: string) => void }) {
  const received = value.trim() ? parseRupees(value) : null;
  return (
    <>
      <label htmlFor={id}>Cash received (₹)</label>
      <input
        id={id}
        name="received"
        className={field}
        inputMode="decimal"
        autoComplete="off"
        placeholder={due !== null && due > 0 ? rupeesText(due) : ''}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {received !== null && due !== null && (
        <p
          className="col-span-2 text-right tabular-nums"
          aria-live="polite"
          data-testid={id === 'cash-received' ? 'cash-change' : 'split-change'}
        >
          {received >= due ? (
            <>
              Change <strong className="text-base">{formatINR(received - due)}</strong>
            </>
          ) : (
            <span className="text-wine-700">Short by {formatINR(due - received)}</span>
          )}
        </p>
      )}
    </>
  );
}

export function PaymentSection({
  draft,
  total,
  onChange,
}: {
  draft: PaymentDraft;
  total: number;
  onChange: (draft: PaymentDraft) => void;
}) {
  const splitPaid = BILL_PAYMENT_MODES.reduce((sum, mode) => sum + (parseRupees(draft.split[mode]) ?? 0), 0);
  const splitCash = draft.choice === 'split' && draft.split.cash.trim() ? parseRupees(draft.split.cash) : null;
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
              // What was handed over is said again for the new way of paying (cash alone's is not a split's).
              onChange={() => onChange({ ...draft, choice, received: '' })}
            />
            {CHOICE_LABELS[choice]}
          </label>
        ))}
      </div>

      {draft.choice === 'cash' && (
        <div className="grid grid-cols-[1fr_8rem] items-center gap-x-3 gap-y-1 text-sm">
          <CashReceived id="cash-received" due={total} value={draft.received} onChange={(received) => onChange({ ...draft, received })} />
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
                onChange={(event) =>
                  onChange({
                    ...draft,
                    split: { ...draft.split, [mode]: event.target.value },
                    typed: [...(draft.typed ?? []).filter((other) => other !== mode), mode],
                  })
                }
              />
            </div>
          ))}
          <CashReceived
            id="split-received"
            due={splitCash}
            value={draft.received}
            onChange={(received) => onChange({ ...draft, received })}
          />
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
