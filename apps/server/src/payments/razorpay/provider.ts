import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
// Types only (erased from the build): the emulator module itself is imported below, and only when it is used.
import type { Emulator } from '../../dev/razorpay-emulator/emulator.js';
import type { WebhookDeliverer, WebhookLog } from '../../dev/razorpay-emulator/webhooks.js';
import { createRazorpayClient, type RazorpayClient, type Transport } from './razorpay-client.js';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** Everything the payment service needs from Razorpay, real or emulated. */
export interface PaymentProvider {
  client: RazorpayClient;
  /** The emulator with its test hooks when no real keys are set; null with real keys. */
  emulator: Emulator | null;
  /** The Checkout script the payment page loads. */
  checkoutScriptUrl: string;
  /** The public key id for Checkout (`key`) and `getRazorpayDetails`. */
  keyId: string;
  /** Signs `razorpay_signature` (verifyPaymentSignature). */
  keySecret: string;
  /** Signs webhooks (verifyWebhookSignature). */
  webhookSecret: string;
}

export interface PaymentProviderOptions {
  db: Db;
  production: boolean;
  /** Replaces the transport: fetch to RAZORPAY_API_BASE with real keys, inject() into the app with the emulator. */
  transport?: Transport;
  timeoutMs?: number;
  /** Emulator only: replaces webhook delivery (tests capture webhooks with it). */
  deliverWebhook?: WebhookDeliverer;
  /** Emulator only: pauses between webhook retries. */
  webhookRetryDelaysMs?: readonly number[];
  now?: () => Date;
  log?: WebhookLog;
}

/**
 * Real Razorpay when keys are set (calls go to RAZORPAY_API_BASE over fetch: api.razorpay.com, or a test's
 * fake server), else the built-in emulator. The emulator's routes (and its tables) exist only once
 * `emulator.plugin` is registered on the app (buildApp does it when given this provider); its client calls go
 * through that app.
 */
export async function createPaymentProvider(config: Config['razorpay'], options: PaymentProviderOptions): Promise<PaymentProvider> {
  const keys = { keyId: config.keyId, keySecret: config.keySecret, webhookSecret: config.webhookSecret };
  if (!config.emulated) {
    return {
      ...keys,
      client: createRazorpayClient({ ...keys, apiBase: config.apiBase, timeoutMs: options.timeoutMs, transport: options.transport }),
      emulator: null,
      checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
    };
  }
  if (options.production) throw new Error('The Razorpay emulator cannot run in production: set the RAZORPAY_* keys');
  // Dev-only code, loaded here and nowhere else: a shop with real keys never imports it (docs/decisions/024).
  const { createEmulator, EMULATOR_PREFIX } = await import('../../dev/razorpay-emulator/emulator.js');
  const emulator = createEmulator({
    db: options.db,
    keys,
    deliver: options.deliverWebhook,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    now: options.now,
    log: options.log,
  });
  return {
    ...keys,
    // inject() uses only the path of this base.
    client: createRazorpayClient({
      ...keys,
      apiBase: `http://localhost${EMULATOR_PREFIX}`,
      timeoutMs: options.timeoutMs,
      transport: options.transport ?? emulator.transport,
    }),
    emulator,
    checkoutScriptUrl: `${EMULATOR_PREFIX}/checkout.js`,
  };
}
