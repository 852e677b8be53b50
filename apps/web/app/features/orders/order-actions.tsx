import { CLAIM_WINDOW_HOURS, RETURN_REASONS, type OrderDetail, type ReturnReason } from '@shop/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { SelectField, TextAreaField } from '../../components/form-field';
import { useForm } from '../../lib/form';
import { cancelOrder, cancelOrderSchema } from './api/cancel-order';
import { requestReturn, requestReturnSchema } from './api/request-return';
import { rupees } from '../../lib/order-format';

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'The item arrived damaged',
  defective: 'The item is defective',
  wrong: 'I received the wrong item',
  missing: 'An item is missing',
};

/** A modal form in a native <dialog>: focus stays inside, Escape closes it, focus returns to the button that opened it. */
function FormDialog({
  title,
  intro,
  submitLabel,
  dismissLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  dismissLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="order-dialog-title"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      <form onSubmit={onSubmit} noValidate className="p-6">
        <h2 id="order-dialog-title" className="text-xl font-semibold">
          {title}
        </h2>
        <div className="mt-1 text-sm text-muted">{intro}</div>
        <div className="mt-5 space-y-4">{children}</div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline" onClick={() => dialog.current?.close()} disabled={busy}>
            {dismissLabel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending...' : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function CancelDialog({ order, onDone, onClose }: { order: OrderDetail; onDone: (order: OrderDetail) => void; onClose: () => void }) {
  const form = useForm({ reason: '' });
  const paid = order.payment !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(cancelOrderSchema, async (values) => {
      const updated = await cancelOrder(order._id, values);
      toast.success(paid ? `Order cancelled. Your refund of ${rupees(order.total)} has been started.` : 'Order cancelled.');
      onDone(updated);
    });
  };
  return (
    <FormDialog
      title={`Cancel ${order.orderNumber}?`}
      intro={
        paid ? `The full amount of ${rupees(order.total)} goes back to where you paid from.` : 'Your reserved items go back on the shelf.'
      }
      submitLabel="Cancel order"
      dismissLabel="Keep my order"
      busy={form.busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextAreaField label="Why are you cancelling?" rows={3} maxLength={500} autoFocus {...form.field('reason')} />
    </FormDialog>
  );
}

function ReturnDialog({ order, onDone, onClose }: { order: OrderDetail; onDone: (order: OrderDetail) => void; onClose: () => void }) {
  const form = useForm({ reason: '', note: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(requestReturnSchema, async (values) => {
      const updated = await requestReturn(order._id, values);
      toast.success('Return requested. We will get back to you within 2 business days.');
      onDone(updated);
    });
  };
  return (
    <FormDialog
      title="Request a return"
      intro={`Damaged, defective, wrong or missing items can be reported within ${CLAIM_WINDOW_HOURS} hours of delivery.`}
      submitLabel="Request return"
      dismissLabel="Close"
      busy={form.busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField label="What went wrong?" {...form.field('reason')}>
        <option value="">Choose a reason</option>
        {RETURN_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {RETURN_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Tell us more"
        hint="Optional: what you noticed, which item."
        rows={3}
        maxLength={1000}
        {...form.field('note')}
      />
    </FormDialog>
  );
}

/** 'Cancel order' while the order may be cancelled, 'Request return' within the claim window; each asks first. */
export function OrderActions({ order, onChanged }: { order: OrderDetail; onChanged: (order: OrderDetail) => void }) {
  const [open, setOpen] = useState<'cancel' | 'return' | null>(null);
  if (!order.canCancel && !order.canReturn) return null;
  const done = (updated: OrderDetail) => {
    setOpen(null);
    onChanged(updated);
  };
  return (
    <>
      {order.canCancel && (
        <button type="button" className="btn btn-outline" onClick={() => setOpen('cancel')}>
          Cancel order
        </button>
      )}
      {order.canReturn && (
        <button type="button" className="btn btn-outline" onClick={() => setOpen('return')}>
          Request return
        </button>
      )}
      {open === 'cancel' && <CancelDialog order={order} onDone={done} onClose={() => setOpen(null)} />}
      {open === 'return' && <ReturnDialog order={order} onDone={done} onClose={() => setOpen(null)} />}
    </>
  );
}
