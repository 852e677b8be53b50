import { formatINR } from '@shop/core';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const dayMonth = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

// Times are shown in India's time zone on the server and in the browser alike, so the HTML and hydration agree.
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => date.format(new Date(iso));
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
