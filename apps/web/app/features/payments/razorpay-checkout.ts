// Razorpay Checkout in the browser: its script (Razorpay's checkout.js, or the emulator's stand-in) defines
// window.Razorpay. Only the options and answers this shop uses are typed here.

/** What Checkout hands the `handler` after a successful payment: the server checks the signature. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The `payment.failed` event: the sheet stays open for another try. */
export interface RazorpayFailure {
  error: { code: string; description: string; source?: string; step?: string; reason?: string };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact?: string };
  notes?: Record<string, string>;
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  close(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

/** Spec §2.8: the provider's colour. */
export const RAZORPAY_THEME_COLOR = '#3399cc';

const loading = new Map<string, Promise<void>>();

/** Loads the Checkout script once per page life; a failed load may be tried again. */
export function loadCheckoutScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        loading.delete(src);
        reject(new Error('The payment window could not be loaded. Please check your connection and try again.'));
      };
      document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending;
}

/** Opens the payment sheet; throws when the script did not define Razorpay. */
export function openCheckout(options: RazorpayOptions, onFailed: (response: RazorpayFailure) => void): RazorpayCheckout {
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('The payment window could not be loaded. Please try again.');
  const checkout = new Razorpay(options);
  checkout.on('payment.failed', onFailed);
  checkout.open();
  return checkout;
}
