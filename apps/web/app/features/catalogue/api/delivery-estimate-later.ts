import type { DeliveryEstimateAnswer } from '@shop/core';

/** estimateDelivery, fetched with its first use: as lookupPincodeLater, it keeps core's schemas off the product page's first load. */
export const estimateDeliveryLater = (pincode: string): Promise<DeliveryEstimateAnswer | null> =>
  import('./delivery-estimate').then(({ estimateDelivery }) => estimateDelivery(pincode));
