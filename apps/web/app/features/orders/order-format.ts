import { formatINR } from '@shop/core';

const dayMonth = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

export { formatDate, formatDateTime } from '../../lib/dates';
export const formatDeliveryWindow = (window: { from: string; to: string }) =>
  `${dayMonth.format(new Date(window.from))} – ${dayMonth.format(new Date(window.to))}`;
export const rupees = (paise: number) => formatINR(paise, { compact: true });

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
