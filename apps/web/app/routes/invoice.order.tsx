import { data } from 'react-router';
import { invoicePageOptions, issuedSettings, orderPaperOf } from '../features/invoice/invoice-model';
import { TaxInvoice } from '../features/invoice/tax-invoice';
import { servicesOf, signedInShopper } from '../context';
import { requireShopper } from '../lib/page-middleware.server';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/invoice.order';

/**
 * The tax invoice of one of the shopper's own orders (place of supply: the delivery state), or with `?credit=1` the
 * credit note of one cancelled or refunded since; someone else's is not found.
 */
export const middleware: Route.MiddlewareFunction[] = [requireShopper];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = signedInShopper(context);
  const [order, shop] = await Promise.all([
    loaderCall(servicesOf(context).orders.getMine(user._id, params.orderId)),
    servicesOf(context).settings.get(),
  ]);
  // The seller as the invoice was issued, whatever the settings say today.
  const settings = issuedSettings(shop, order.seller);
  // A tax invoice is issued for a payment (or a cash-on-delivery order's confirmation): before, the order has none.
  if (!order.invoiceNumber) throw data({ error: 'This order has no invoice until it is paid.' }, { status: 404 });
  // The invoice stays as issued; a cancellation or a refund since adds a credit note against it (issues 28, 38).
  const invoice = orderPaperOf(order, settings, new URL(request.url).searchParams.get('credit') === '1');
  if (!invoice) throw data({ error: 'This order has no credit note: it was not cancelled or refunded.' }, { status: 404 });
  return { invoice, settings, ...invoicePageOptions(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data
      ? data.invoice.credit
        ? `Credit note against ${data.invoice.credit.againstInvoice}`
        : `Tax invoice ${data.invoice.number}`
      : 'Tax invoice',
  },
  { name: 'robots', content: 'noindex' },
];

export default function OrderInvoicePage({ loaderData }: Route.ComponentProps) {
  return <TaxInvoice {...loaderData} />;
}
