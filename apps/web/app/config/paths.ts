/** Every route of the storefront in one place, so links never drift from the routes (spec §2.1). */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgotPassword',
  filter: '/filter',
  productSearch: '/productSearch',
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  contact: '/contact',
  notifications: '/notifications',
  /** Discounted pieces: the header's 'Offers' and the landing page's 'See all offers'. */
  offers: '/filter?sort=discount&minDiscount=20',
  cart: '/user/cart',
  account: '/user/orders',
  userOrders: '/user/orders',
  userOrder: (orderId: string) => `/user/orders/${encodeURIComponent(orderId)}`,
  /** The printable GST tax invoice of a paid order. */
  orderInvoice: (orderId: string) => `/invoice/order/${encodeURIComponent(orderId)}`,
  /** The credit note of a paid order cancelled or refunded since (beside its tax invoice, which stays as issued). */
  orderCreditNote: (orderId: string) => `/invoice/order/${encodeURIComponent(orderId)}?credit=1`,
  userProfile: '/user/profile',
  userAddresses: '/user/addresses',
  userNotifications: '/user/notifications',
  userWishlist: '/user/wishlist',
  /** Her review of a product she received: write it, or edit the one she wrote (issue 28). */
  userReview: (productId: string) => `/user/reviews/${encodeURIComponent(productId)}`,
  userLogout: '/user/logout',
  checkout: '/checkout',
  payment: '/payment',
  paymentSuccess: (orderId: string) => `/paymentSuccess?orderId=${encodeURIComponent(orderId)}`,
  faq: '/faq',
  termsAndConditions: '/termsAndConditions',
  paymentPolicy: '/paymentpolicy',
  shippingPolicy: '/shippingpolicy',
  returnPolicy: '/returnPolicy',
  refundPolicy: '/refundPolicy',
  cancellationPolicy: '/cancellationPolicy',
  privacyPolicy: '/privacyPolicy',
} as const;

/** A line of the bag she asked to move to the wishlist signed out: it moves once she is in. */
export interface BagLineWish {
  productId: string;
  variantId?: string | undefined;
}

/** The login page's query parameter naming the product to save to the wishlist after login. */
export const SAVE_AFTER_LOGIN = 'saveToWishlist';
/**
 * Beside SAVE_AFTER_LOGIN, the variant of the bag's line to move to the wishlist after login (empty for a product
 * without variants): saved, then out of the bag, so the line stays in the bag until it is wished.
 */
export const MOVE_FROM_BAG = 'fromBag';

/**
 * A link to /login that brings the shopper back to `returnTo` afterwards; `wish` is a wishlist heart tapped signed out
 * (a product id), or a bag line's 'Move to wishlist' (the line), done by the login action once she is in
 * (features/accounts/login-action.server.ts).
 */
export const loginThenReturnTo = (returnTo: string, wish?: string | BagLineWish) => {
  const productId = typeof wish === 'string' ? wish : wish?.productId;
  const save = productId ? `&${SAVE_AFTER_LOGIN}=${encodeURIComponent(productId)}` : '';
  const move = wish && typeof wish !== 'string' ? `&${MOVE_FROM_BAG}=${encodeURIComponent(wish.variantId ?? '')}` : '';
  return `${paths.login}?redirectUrl=${encodeURIComponent(returnTo)}${save}${move}`;
};

/** The wish a login or sign-up address carries (see loginThenReturnTo), as it was given. */
export function wishOf(search: URLSearchParams): string | BagLineWish | undefined {
  const productId = search.get(SAVE_AFTER_LOGIN);
  if (!productId) return undefined;
  const variantId = search.get(MOVE_FROM_BAG);
  if (variantId === null) return productId;
  return variantId ? { productId, variantId } : { productId };
}

/**
 * The way between login and sign-up for a shopper sent to log in: where she was going and the heart she tapped (or
 * the bag line she moves) travel with her, so a shopper who signs up first still comes back with the product saved.
 */
export function signupThenReturnTo(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ['redirectUrl', SAVE_AFTER_LOGIN, MOVE_FROM_BAG]) {
    const value = search.get(name);
    if (value !== null && (value !== '' || name === MOVE_FROM_BAG)) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${paths.signup}?${query}` : paths.signup;
}

/** The login page's address from sign-up (or its action), keeping where she was going and the heart she tapped. */
export function loginFromSignup(search: URLSearchParams, safeReturnTo: (raw: string | null) => string = (raw) => raw ?? '/'): string {
  const returnTo = safeReturnTo(search.get('redirectUrl'));
  const wish = wishOf(search);
  return returnTo === '/' && !wish ? paths.login : loginThenReturnTo(returnTo, wish);
}

/** The policy pages of spec §2.1, in the order the help menu lists them. */
export const POLICY_PATHS = [
  paths.faq,
  paths.termsAndConditions,
  paths.paymentPolicy,
  paths.shippingPolicy,
  paths.returnPolicy,
  paths.refundPolicy,
  paths.cancellationPolicy,
  paths.privacyPolicy,
] as const;

const POLICY_ROUTE_PREFIX = 'policy:';
/** Route id of a policy page: the one route module learns which document to show from it. */
export const policyRouteId = (path: string) => `${POLICY_ROUTE_PREFIX}${path}`;
export const policyPathFromRouteId = (id: string) =>
  id.startsWith(POLICY_ROUTE_PREFIX) ? id.slice(POLICY_ROUTE_PREFIX.length) : undefined;
