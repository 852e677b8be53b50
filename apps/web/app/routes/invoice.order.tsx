import { data } from 'react-router';
import { invoiceOfCreditNote, invoicePageOptions, issuedSettings, orderPaperOf } from '../features/invoice/invoice-model';
import { OrderPapers, paperTitle } from '../features/invoice/order-papers';
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
  // The invoice stays as issued; a cancellation or a refund since issues credit notes against it (issues 28, 43),
  // each with its own number and day: the page prints every one, oldest first.
  if (new URL(request.url).searchParams.get('credit') === '1') {
    const notes = await loaderCall(servicesOf(context).orders.creditNotesOfMine(user._id, params.orderId, shop.state));
    if (notes.length === 0) throw data({ error: 'This order has no credit note: it was not cancelled or refunded.' }, { status: 404 });
    return { invoices: notes.map((note) => invoiceOfCreditNote(note, order)), settings, ...invoicePageOptions(request.url) };
  }
  return { invoices: [orderPaperOf(order, settings)], settings, ...invoicePageOptions(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? paperTitle(data.invoices) : 'Tax invoice' },
  { name: 'robots', content: 'noindex' },
];

export default function OrderInvoicePage({ loaderData }: Route.ComponentProps) {
  return <OrderPapers {...loaderData} />;
}
