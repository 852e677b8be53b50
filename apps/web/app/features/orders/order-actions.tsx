import { CLAIM_WINDOW_HOURS, RETURN_REASONS, rupeesCompact, type OrderDetail, type ReturnReason } from '@shop/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, useActionData, useFetcher, useLocation } from 'react-router';
import { Enhanced, useHydrated } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { FormFailure } from '../../components/form-failure';
import { SelectField, TextAreaField } from '../../components/form-field';
import { failureIn, fieldError, type Failure } from '../../lib/failure';

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'The item arrived damaged',
  defective: 'The item is defective',
  wrong: 'I received the wrong item',
  missing: 'An item is missing',
};

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
    : {
        title: 'Request a return',
        intro: `Damaged, defective, wrong or missing items can be reported within ${CLAIM_WINDOW_HOURS} hours of delivery.`,
        submitLabel: 'Request return',
        dismissLabel: 'Close',
      };

/** The fields of each form: why she cancels; what went wrong and a note for a return. */
function Fields({ intent, failure, autoFocus }: { intent: Intent; failure: Failure | null; autoFocus: boolean }) {
  if (intent === 'cancel') {
    return (
      <TextAreaField
        label="Why are you cancelling?"
        name="reason"
        rows={3}
        maxLength={500}
        autoFocus={autoFocus}
        error={fieldError(failure, 'reason')}
      />
    );
  }
  return (
    <>
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
        hint="Optional: what you noticed, which item."
        rows={3}
        maxLength={1000}
        error={fieldError(failure, 'note')}
      />
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
      <fetcher.Form method="post" noValidate className="p-6">
        <h2 id="order-dialog-title" className="text-xl font-semibold">
          {wording.title}
        </h2>
        <div className="mt-1 text-sm text-muted">{wording.intro}</div>
        <input type="hidden" name="intent" value={intent} />
        <Enhanced />
        <div className="mt-5 space-y-4">
          <FormFailure failure={failure} />
          <Fields intent={intent} failure={failure} autoFocus />
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
        className="absolute left-0 z-20 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-line bg-white p-5 shadow-xl sm:left-auto sm:right-0"
      >
        <h2 className="text-lg font-semibold">{wording.title}</h2>
        <div className="mt-1 text-sm text-muted">{wording.intro}</div>
        <input type="hidden" name="intent" value={intent} />
        <div className="mt-4 space-y-4">
          <FormFailure failure={failure} />
          <Fields intent={intent} failure={failure} autoFocus={false} />
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

/** 'Cancel order' while the order may be cancelled, 'Request return' within the claim window; each asks first. */
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
