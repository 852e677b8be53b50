import type { ShippingConfig } from '../config.js';
import type { Transport } from '../payments/razorpay/razorpay-client.js';
// Types only (erased from the build): the emulator module itself is imported below, and only when it is used.
import type { ShiprocketEmulator } from '../dev/shiprocket-emulator/emulator.js';
import { createShiprocketClient, type ShiprocketClient, type ShiprocketLog } from './shiprocket/client.js';

/** Shiprocket's public tracking page for an AWB (the `track_url` its tracking answers carry). */
export const SHIPROCKET_TRACKING_PAGE = 'https://shiprocket.co/tracking/';

/** Everything the shipping service needs from Shiprocket, real or emulated; null in manual mode. */
export interface ShippingProvider {
  client: ShiprocketClient;
  /** The emulator with its test hooks when no API user is set; null with a real one. */
  emulator: ShiprocketEmulator | null;
  pickupLocation: string;
  webhookToken: string;
  /** The page a shopper follows her parcel on. */
  trackingUrl(awb: string): string;
}

export interface ShippingProviderOptions {
  production: boolean;
  /** Where the emulator's label and tracking links point (PUBLIC_URL). */
  publicUrl: string;
  log?: ShiprocketLog;
  transport?: Transport;
  timeoutMs?: number;
  backoffMs?: readonly number[];
  now?: () => Date;
}

/**
 * Manual mode: null (parcels are booked by hand, as before issue 42). Shiprocket with an API user: calls go to
 * SHIPROCKET_API_BASE over the network. Without one (never in production): the built-in emulator, whose routes
 * exist once `emulator.plugin` is registered on the app (buildApp does it); its client calls go through that app.
 */
export async function createShippingProvider(config: ShippingConfig, options: ShippingProviderOptions): Promise<ShippingProvider | null> {
  if (config.provider === 'manual') return null;
  const { email, password, pickupLocation, webhookToken } = config;
  const clientOptions = { email, password, timeoutMs: options.timeoutMs, log: options.log, backoffMs: options.backoffMs };
  if (!config.emulated) {
    return {
      client: createShiprocketClient({ ...clientOptions, apiBase: config.apiBase, transport: options.transport }),
      emulator: null,
      pickupLocation,
      webhookToken,
      trackingUrl: (awb) => `${SHIPROCKET_TRACKING_PAGE}${encodeURIComponent(awb)}`,
    };
  }
  if (options.production) throw new Error('The Shiprocket emulator cannot run in production: set the SHIPROCKET_* settings');
  // Dev-only code, loaded here and nowhere else: a shop with a real API user never imports it.
  const { createShiprocketEmulator, SHIPROCKET_EMULATOR_PREFIX } = await import('../dev/shiprocket-emulator/emulator.js');
  const emulator = createShiprocketEmulator({
    email,
    password,
    pickupLocation,
    webhookToken,
    publicUrl: options.publicUrl,
    now: options.now,
  });
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  return {
    client: createShiprocketClient({ ...clientOptions, apiBase: emulator.apiBase, transport: options.transport ?? emulator.transport }),
    emulator,
    pickupLocation,
    webhookToken,
    trackingUrl: (awb) => `${publicUrl}${SHIPROCKET_EMULATOR_PREFIX}/tracking/${encodeURIComponent(awb)}`,
  };
}
