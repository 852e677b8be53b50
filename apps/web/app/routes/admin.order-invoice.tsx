import { data } from 'react-router';
import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { invoiceOfCreditNote, invoicePageOptions, issuedSettings, orderPaperOf } from '../features/invoice/invoice-model';
import { OrderPapers, paperTitle } from '../features/invoice/order-papers';
import { requireAdmin } from '../lib/page-middleware.server';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.order-invoice';

/**
 * An online order's tax invoice for the back-office (issue 26), as the shopper's own: outside the admin frame,
 * printable. With `?credit=1`, the credit notes of a paid order cancelled or refunded since (issues 28, 43), each
 * numbered and dated as issued: the books need both papers, so the original invoice stays here unchanged.
 */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [order, shop] = await loaderCall(Promise.all([services.adminOrders.detail(params.orderId), services.settings.get()]));
  // The seller as the invoice was issued, whatever the settings say today.
  const settings = issuedSettings(shop, order.seller);
  // A tax invoice is issued for a payment: an unpaid order has none.
  if (!order.invoiceNumber) throw data({ error: 'This order has no invoice until it is paid.' }, { status: 404 });
  if (new URL(request.url).searchParams.get('credit') === '1') {
    const notes = await loaderCall(services.adminOrders.creditNotes(params.orderId));
    if (notes.length === 0) throw data({ error: 'This order has no credit note: it was not cancelled or refunded.' }, { status: 404 });
    return { invoices: notes.map((note) => invoiceOfCreditNote(note, order)), settings, ...invoicePageOptions(request.url) };
  }
  return { invoices: [orderPaperOf(order, settings)], settings, ...invoicePageOptions(request.url) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => privatePageMeta(data ? paperTitle(data.invoices) : 'Tax invoice', matches);

export default function AdminOrderInvoicePage({ loaderData }: Route.ComponentProps) {
  return <OrderPapers {...loaderData} />;
}

export { AdminPageError as ErrorBoundary };
