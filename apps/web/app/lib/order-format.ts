import { istDate, istDateTime, istWeekdayDate, type OrderDetail } from '@shop/core';

// India's time on the server and in the browser alike (core's india-time), so the HTML and hydration agree.
export const formatDateTime = (iso: string) => istDateTime(new Date(iso));
export const formatDate = (iso: string) => istDate(new Date(iso));
export const formatDeliveryWindow = (window: { from: string; to: string }) =>
  `${istWeekdayDate(new Date(window.from))} – ${istWeekdayDate(new Date(window.to))}`;

const METHODS: Record<string, string> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  emi: 'EMI',
  online: 'Online',
};
/** 'upi' → 'UPI': the payment method as people write it. */
export const methodLabel = (method: string) => METHODS[method] ?? method.charAt(0).toUpperCase() + method.slice(1);

const PAYMENT_STATUS: Record<string, string> = { created: 'Created', captured: 'Paid', failed: 'Failed', refunded: 'Refunded' };
export const paymentStatusLabel = (status: string) => PAYMENT_STATUS[status] ?? status;

/** A refunded order that got back less than was paid: some pieces were returned, the rest kept. */
export const isPartlyRefunded = (order: Pick<OrderDetail, 'status' | 'refundedAmount' | 'payment'>): boolean =>
  order.status === 'refunded' && order.payment !== null && order.refundedAmount > 0 && order.refundedAmount < order.payment.amount;

/** The order's payment in words: 'Paid', 'Refunded', or 'Partly refunded' when only some pieces' share went back. */
export const orderPaymentLabel = (order: Pick<OrderDetail, 'status' | 'refundedAmount' | 'payment'>): string =>
  isPartlyRefunded(order) ? 'Partly refunded' : paymentStatusLabel(order.payment?.paymentStatus ?? '');
