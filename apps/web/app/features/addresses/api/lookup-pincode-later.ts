import type { PincodeDetails } from '@shop/core';

/**
 * lookupPincode, fetched with its first use: it checks the answer with core's schemas (22 KB of brotli), which the
 * pages that offer a pincode lookup (the product page's delivery check, the address form) need for nothing else,
 * so they stay within issue 27's 120 KB of JavaScript.
 */
export const lookupPincodeLater = (pincode: string): Promise<PincodeDetails | null> =>
  import('./lookup-pincode').then(({ lookupPincode }) => lookupPincode(pincode));
