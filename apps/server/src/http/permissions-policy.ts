import { RAZORPAY } from './csp.js';
import { isBackOfficePage } from './private-caching.js';

/**
 * The powerful browser features a Permissions-Policy turns off, for the document and every frame in it. Only
 * names current Chromium knows: an unknown name costs a console error on every page.
 */
const FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;
type Feature = (typeof FEATURES)[number];

function policy(allowed: Partial<Record<Feature, readonly string[]>> = {}): string {
  return FEATURES.map((feature) => `${feature}=(${(allowed[feature] ?? []).join(' ')})`).join(', ');
}

// A frame can only be given a feature its page has itself, so each allow-list names `self` as well.
const RAZORPAY_CHECKOUT = ['self', `"${RAZORPAY.frame}"`];

/** Every header value, worked out once: answers copy a string, nothing is built per request. */
export const PERMISSIONS_POLICY = {
  /** API answers, files and anything else that is not a page: every feature off. */
  none: policy(),
  /**
   * Shop pages. Razorpay Checkout's frame (api.razorpay.com) asks for the Payment Request API (UPI apps, cards
   * saved in the browser), one-time codes read from SMS and passkeys. Every shop page carries it, not only
   * /payment: the shopper reaches the payment page by client-side navigation, and a document keeps the policy
   * of the page it was loaded as.
   */
  storefront: policy({ payment: RAZORPAY_CHECKOUT, 'otp-credentials': RAZORPAY_CHECKOUT, 'publickey-credentials-get': RAZORPAY_CHECKOUT }),
  /**
   * Back-office pages: the product photo modal (admin/productView) takes pictures with this origin's camera.
   * The whole back-office carries it, for the same reason: the admin navigates there from the other admin pages.
   */
  backOffice: policy({ camera: ['self'] }),
} as const;

/** The policy of a page at `path` (a URL path, any case, possibly percent-encoded). */
export const pagePermissionsPolicy = (path: string): string =>
  isBackOfficePage(path) ? PERMISSIONS_POLICY.backOffice : PERMISSIONS_POLICY.storefront;
