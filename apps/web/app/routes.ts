import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { POLICY_PATHS, policyRouteId } from './config/paths';

export default [
  index('routes/home.tsx'),
  route('filter', 'routes/filter.tsx'),
  route('productSearch', 'routes/product-search.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  // The cart's changes from every page (add, update, remove, merge) and the signed-out cart for its drawer (guest).
  route('cart/:intent', 'routes/cart-actions.ts'),
  // The wishlist hearts of every page (add, remove).
  route('wishlist/:intent', 'routes/wishlist-actions.ts'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('forgotPassword', 'routes/forgot-password.tsx'),
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
    // Issue 28: her review of a product she received (write, or edit hers).
    route('reviews/:productId', 'routes/user.review.tsx'),
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
  // Spec §2.11–§2.12: the back-office. Login, signup and logout stand outside the frame; every other /admin/*
  // page is a child of the layout, whose loader asks the server for the admin session.
  route('admin/login', 'routes/admin.login.tsx'),
  route('admin/signup', 'routes/admin.signup.tsx'),
  route('admin/forgotPassword', 'routes/admin.forgot-password.tsx'),
  route('admin/logout', 'routes/admin.logout.tsx'),
  route('admin', 'routes/admin.tsx', [
    index('routes/admin.dashboard.tsx', { id: 'admin-index' }),
    route('dashboard', 'routes/admin.dashboard.tsx'),
    route('profile', 'routes/admin.profile.tsx'),
    // Issue 26: sales of any range of days, with presets.
    route('sales', 'routes/admin.sales.tsx'),
    route('weeklySelling', 'routes/admin.weekly-selling.tsx'),
    route('monthlySelling', 'routes/admin.monthly-selling.tsx'),
    route('products', 'routes/admin.products.tsx'),
    route('productView/:productId', 'routes/admin.product-view.tsx'),
    route('categories', 'routes/admin.categories.tsx'),
    route('users', 'routes/admin.users.tsx'),
    route('users/:userId', 'routes/admin.user.tsx'),
    route('billing', 'routes/admin.billing.tsx'),
    route('totalBills', 'routes/admin.total-bills.tsx'),
    // Issue 43: every credit note, counter and online, of a period, with its CSV.
    route('creditNotes', 'routes/admin.credit-notes.tsx'),
    // Issue 43: GSTR-1 of a month or a quarter, the owner's (staff 403).
    route('gstReturns', 'routes/admin.gst-returns.tsx'),
    route('bill/:billId', 'routes/admin.bill.tsx'),
    route('orders', 'routes/admin.orders.tsx'),
    route('orders/:orderId', 'routes/admin.order.tsx'),
    // Issue 28: shoppers' reviews; owners hide (with a reason) and reply.
    route('reviews', 'routes/admin.reviews.tsx'),
    // Issue 28: offers (saved filters: minimum discount, category), collections and news.
    route('announcements', 'routes/admin.announcements.tsx'),
    // Issue 41: coupon codes and automatic offers; any admin manages them, owners delete.
    route('coupons', 'routes/admin.coupons.tsx'),
    route('coupons/offers', 'routes/admin.offers.tsx'),
    // Issue 38: contact form messages; any admin replies (by mail) and marks them handled.
    route('messages', 'routes/admin.messages.tsx'),
    route('messages/:messageId', 'routes/admin.message.tsx'),
    route('audit', 'routes/admin.audit.tsx'),
    // Issue 39: the shop's own details, owners only.
    route('settings', 'routes/admin.settings.tsx'),
    route('*', 'routes/admin.not-found.tsx'),
  ]),
  // Spec §2.1: the in-store checkout, outside the admin frame, for admins only.
  route('adminCheckout', 'routes/admin-checkout.tsx'),
  // Spec §2.18: a bill's printable tax invoice, outside the admin frame (its own 800×600 window).
  route('admin/invoice/:billId', 'routes/admin.invoice.tsx'),
  // Issue 26: an online order's tax invoice for the back-office, printable the same way.
  route('admin/orderInvoice/:orderId', 'routes/admin.order-invoice.tsx'),
  // Issue 26: the credit note of a return at the counter, printable the same way.
  route('admin/creditNote/:creditNoteId', 'routes/admin.credit-note.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
