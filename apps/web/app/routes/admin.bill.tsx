import { AppError, isUuid, staffReturnNote, voidBillSchema } from '@shop/core';
import { data } from 'react-router';
import { adminOf, servicesOf } from '../context';
import { adminActor, ownerActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm, formIntentOf } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { BillDetail } from '../features/billing/bill-detail';
import { BILL_VOIDED, creditNoteIssued, returnFormValues, returnInput, voidableOn } from '../features/billing/bill-returns';
import { buttonCall, invalidFields } from '../lib/button-action.server';
import { backTo, done } from '../lib/flash.server';
import { validate } from '../lib/form';
import { formText } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { actionCall, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.bill';

const BILL_NOT_FOUND = 'Bill not found';

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  privatePageMeta(`${loaded ? `Bill ${loaded.bill.invoiceNumber}` : 'Bill'} · Admin Panel`, matches);

/**
 * One counter bill with its credit notes; whether this admin may void it now (an owner, the India day it was made);
 * for staff, whether the owner's counter-return policy lets them return pieces of it, and the limits in words.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isUuid(params.billId)) throw data({ error: BILL_NOT_FOUND }, { status: 404 });
  const billing = servicesOf(context).billing;
  const isOwner = adminOf(context).role === 'owner';
  const [bill, policy] = await loaderCall(Promise.all([billing.get(params.billId), isOwner ? null : billing.returnPolicy()]));
  const returns = policy ? staffReturnNote(policy, new Date(bill.createdAt), new Date()) : { allowed: true, note: null };
  return { bill, canVoid: isOwner && voidableOn(bill, new Date()), returns };
}

const INTENTS = ['returnItems', 'void'] as const;

/**
 * The bill page's two changes (issue 26). 'returnItems', for any admin: the pieces brought back, how the money went
 * back and why; done, the credit note's number as the toast (scripts) or on the bill page (a plain post); refused,
 * the form again with its messages and what was typed. 'void', for owners only as the API keeps it: a button
 * that asks for the reason (lib/button-action.server.ts).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await adminForm(request);
  const intent = formIntentOf(form, INTENTS);
  const { billId } = params;
  const billing = servicesOf(context).billing;
  const page = adminPaths.bill(billId);
  if (intent === 'returnItems') {
    const values = returnFormValues(form);
    const issue = async () => {
      if (!isUuid(billId)) throw new AppError('NOT_FOUND', BILL_NOT_FOUND);
      const checked = returnInput(values);
      if (!checked.data) throw invalidFields(checked.errors);
      return billing.returnItems(adminActor(context), billId, checked.data);
    };
    return actionCall(
      issue(),
      (note) => done(form, page, { kind: 'success', message: creditNoteIssued(note.creditNoteNumber) }, { creditNoteId: note._id }),
      { intent, values },
    );
  }
  return buttonCall(
    form,
    backTo(request, form, page),
    async () => {
      if (!intent) throw new AppError('INVALID_DATA', 'Unknown action.');
      const actor = ownerActor(context);
      if (!isUuid(billId)) throw new AppError('NOT_FOUND', BILL_NOT_FOUND);
      const checked = validate(voidBillSchema, { reason: formText(form, 'reason') });
      if (!checked.data) throw invalidFields(checked.errors);
      return billing.voidBill(actor, billId, checked.data);
    },
    BILL_VOIDED,
  );
}

/** /admin/bill/{billId}: the bill, its returns and their credit notes, the return form and (owners, today) its void. */
export default function AdminBillPage({ loaderData }: Route.ComponentProps) {
  // A fresh form for another bill opened in the same page.
  return <BillDetail key={loaderData.bill._id} {...loaderData} billsHref={adminPaths.totalBills} />;
}

export { AdminPageError as ErrorBoundary };
