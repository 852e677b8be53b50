import { isUuid } from '@shop/core';
import { data } from 'react-router';
import { servicesOf } from '../context';
import { loaderCall } from '../lib/service-call.server';
import { requireAdmin } from '../lib/page-middleware.server';
import { AdminPageError } from '../features/admin/admin-error';
import { CreditNoteDocument } from '../features/invoice/credit-note';
import { invoicePageOptions, issuedSettings } from '../features/invoice/invoice-model';
import type { Route } from './+types/admin.credit-note';
import { privatePageMeta } from '../lib/meta';

/** Issue 26: a counter return's credit note, printable like a bill's invoice (outside the admin frame, admins only). */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isUuid(params.creditNoteId)) throw data({ error: 'Credit note not found' }, { status: 404 });
  const services = servicesOf(context);
  const [creditNote, shop] = await loaderCall(Promise.all([services.billing.creditNote(params.creditNoteId), services.settings.get()]));
  // The seller as the credit note was issued, whatever the settings say today.
  return { creditNote, settings: issuedSettings(shop, creditNote.seller), ...invoicePageOptions(request.url) };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  privatePageMeta(loaded ? `Credit note ${loaded.creditNote.creditNoteNumber}` : 'Credit note', matches);

export default function CreditNotePage({ loaderData }: Route.ComponentProps) {
  return <CreditNoteDocument {...loaderData} />;
}

export { AdminPageError as ErrorBoundary };
