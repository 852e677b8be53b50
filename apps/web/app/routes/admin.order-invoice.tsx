import { data } from 'react-router';
import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { invoicePageOptions, issuedSettings, orderPaperOf } from '../features/invoice/invoice-model';
import { TaxInvoice } from '../features/invoice/tax-invoice';
import { requireAdmin } from '../lib/page-middleware.server';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.order-invoice';

/**
 * An online order's tax invoice for the back-office (issue 26), as the shopper's own: outside the admin frame,
 * printable. With `?credit=1`, the credit note of a paid order cancelled or refunded since (issue 28): the books
 * need both papers, so the original invoice stays here unchanged.
 */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [order, shop] = await loaderCall(Promise.all([services.adminOrders.detail(params.orderId), services.settings.get()]));
  // The seller as the invoice was issued, whatever the settings say today.
  const settings = issuedSettings(shop, order.seller);
  // A tax invoice is issued for a payment: an unpaid order has none.
  if (!order.invoiceNumber) throw data({ error: 'This order has no invoice until it is paid.' }, { status: 404 });
  const invoice = orderPaperOf(order, settings, new URL(request.url).searchParams.get('credit') === '1');
  if (!invoice) throw data({ error: 'This order has no credit note: it was not cancelled or refunded.' }, { status: 404 });
  return { invoice, settings, ...invoicePageOptions(request.url) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(
    data?.invoice.credit
      ? `Credit note against ${data.invoice.credit.againstInvoice}`
      : data
        ? `Tax invoice ${data.invoice.number}`
        : 'Tax invoice',
    matches,
  );

export default function AdminOrderInvoicePage({ loaderData }: Route.ComponentProps) {
  return <TaxInvoice {...loaderData} />;
}

export { AdminPageError as ErrorBoundary };
