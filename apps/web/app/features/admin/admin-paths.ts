/** Every back-office path in one place (spec §2.11, plus orders and audit). */
export const adminPaths = {
  root: '/admin',
  login: '/admin/login',
  signup: '/admin/signup',
  forgotPassword: '/admin/forgotPassword',
  dashboard: '/admin/dashboard',
  profile: '/admin/profile',
  /** Sales of any range of days (?from, ?to), with presets. */
  sales: '/admin/sales',
  weeklySelling: '/admin/weeklySelling',
  monthlySelling: '/admin/monthlySelling',
  products: '/admin/products',
  productView: (productId: string) => `/admin/productView/${encodeURIComponent(productId)}`,
  categories: '/admin/categories',
  users: '/admin/users',
  user: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  billing: '/admin/billing',
  totalBills: '/admin/totalBills',
  /** The credit-note register of a period (?from, ?to; this month by default), counter and online (issue 43). */
  creditNotes: '/admin/creditNotes',
  /** GSTR-1 of a month or a quarter (?period=2026-11 or 2026-Q3; last month by default), the owner's (issue 43). */
  gstReturns: '/admin/gstReturns',
  /** One counter bill: its returns (credit notes) and, for an owner on its day, its void. */
  bill: (billId: string) => `/admin/bill/${encodeURIComponent(billId)}`,
  orders: '/admin/orders',
  order: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`,
  /** An online order's printable tax invoice, outside the admin frame. */
  orderInvoice: (orderId: string) => `/admin/orderInvoice/${encodeURIComponent(orderId)}`,
  /** The credit note of a paid order cancelled or refunded since: the invoice page's other paper. */
  orderCreditNote: (orderId: string) => `/admin/orderInvoice/${encodeURIComponent(orderId)}?credit=1`,
  /** Shoppers' reviews (?status=all|visible|hidden, ?page): hide with a reason, reply (issue 28). */
  reviews: '/admin/reviews',
  /** Offers, collections and news (?edit=<id> opens one); an offer is a saved filter (issue 28). */
  announcements: '/admin/announcements',
  /** Coupon codes with their uses and discount given (?edit=<id> opens one); issue 41. */
  coupons: '/admin/coupons',
  /** Automatic offers, applied in the bag without a code (?edit=<id>); under coupons, so the sidebar's link stays lit. */
  offers: '/admin/coupons/offers',
  /** Contact form messages (?status=all|unhandled|handled, ?page), those waiting first (issue 38). */
  messages: '/admin/messages',
  /** One message: its replies, the reply form and 'Mark handled'. */
  message: (messageId: string) => `/admin/messages/${encodeURIComponent(messageId)}`,
  audit: '/admin/audit',
  /** The shop's own details (owners): every invoice states them; production sells once they are saved (issue 39). */
  settings: '/admin/settings',
  logout: '/admin/logout',
  adminCheckout: '/adminCheckout',
} as const;

/** Whether a path belongs to the back-office, whose pages have their own frame instead of the shop's header and footer. */
export const isAdminPath = (pathname: string) => /^\/admin(\/|$)|^\/adminCheckout(\/|$)/.test(pathname);
