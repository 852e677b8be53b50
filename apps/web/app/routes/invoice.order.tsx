import { data } from 'react-router';
import { creditNoteOfOrder, invoiceOfOrder, invoicePageOptions, isCreditedOrder } from '../features/invoice/invoice-model';
import { TaxInvoice } from '../features/invoice/tax-invoice';
import { servicesOf, signedInShopper } from '../context';
import { requireShopper } from '../lib/page-middleware.server';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/invoice.order';

/** The tax invoice of one of the shopper's own orders (place of supply: the delivery state); someone else's is not found. */
export const middleware: Route.MiddlewareFunction[] = [requireShopper];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = signedInShopper(context);
  const [order, settings] = await Promise.all([
    loaderCall(servicesOf(context).orders.getMine(user._id, params.orderId)),
    servicesOf(context).settings.get(),
  ]);
  // A tax invoice is issued for a payment: an unpaid order has none.
  if (!order.payment) throw data({ error: 'This order has no invoice until it is paid.' }, { status: 404 });
  // A paid order cancelled or refunded since: its paper is a credit note against the invoice (issue 28).
  const invoice = isCreditedOrder(order) ? creditNoteOfOrder(order, settings) : invoiceOfOrder(order, settings);
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
