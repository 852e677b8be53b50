import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { POLICY_PATHS, policyRouteId } from './config/paths';

export default [
  index('routes/home.tsx'),
  route('filter', 'routes/filter.tsx'),
  route('productSearch', 'routes/product-search.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  // Spec §2.5: the shopper's own area; orders is also the fallback for any other /user/* path.
  route('user', 'routes/user.tsx', [
    index('routes/user.orders.tsx', { id: 'user-index' }),
    route('orders', 'routes/user.orders.tsx'),
    route('orders/:orderId', 'routes/user.order.tsx'),
    route('cart', 'routes/user.cart.tsx'),
    route('profile', 'routes/user.profile.tsx'),
    route('addresses', 'routes/user.addresses.tsx'),
    route('notifications', 'routes/user.notifications.tsx'),
    route('wishlist', 'routes/user.wishlist.tsx'),
    route('logout', 'routes/user.logout.tsx'),
    route('*', 'routes/user.orders.tsx', { id: 'user-fallback' }),
  ]),
  // One module renders every policy page; its route id names the document (see policyRouteId).
  ...POLICY_PATHS.map((path) => route(path, 'routes/policy.tsx', { id: policyRouteId(path) })),
  // Spec §2.7–§2.9: public paths; each page asks a signed-out visitor to log in.
  route('checkout', 'routes/checkout.tsx'),
  route('payment', 'routes/payment.tsx'),
  route('paymentSuccess', 'routes/payment-success.tsx'),
  route('contact', 'routes/contact.tsx'),
  // Spec §2.18: printable GST tax invoices, without the shop's header and footer.
  route('invoice/order/:orderId', 'routes/invoice.order.tsx'),
  // The spec's /notifications page shows the shop's public announcements (a shopper's own notifications live under /user).
  route('notifications', 'routes/announcements.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
