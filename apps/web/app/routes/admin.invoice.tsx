import { servicesOf } from '../context';
import { loaderCall } from '../lib/service-call.server';
import { requireAdmin } from '../lib/page-middleware.server';
import { AdminPageError } from '../features/admin/admin-error';
import { invoiceOfBill, invoicePageOptions, issuedSettings } from '../features/invoice/invoice-model';
import { TaxInvoice } from '../features/invoice/tax-invoice';
import type { Route } from './+types/admin.invoice';
import { privatePageMeta } from '../lib/meta';

/** Spec §2.18: a bill's tax invoice for the 800×600 print window (outside the admin frame). */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [bill, shop] = await loaderCall(Promise.all([services.billing.get(params.billId), services.settings.get()]));
  // The seller as the bill was issued, whatever the settings say today.
  return { invoice: invoiceOfBill(bill), settings: issuedSettings(shop, bill.seller), ...invoicePageOptions(request.url) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(data ? `Tax invoice ${data.invoice.number}` : 'Tax invoice', matches);

export default function BillInvoicePage({ loaderData }: Route.ComponentProps) {
  return <TaxInvoice {...loaderData} />;
}

export { AdminPageError as ErrorBoundary };
