import { randomBytes } from 'node:crypto';
import { PAYMENT_RESERVATION_MINUTES } from '@shop/core';
import { createAccountsService, type AccountsService } from './accounts/service.js';
import { createAdminUsersService, type AdminUsersService } from './accounts/admin-users.js';
import { createAdminsService, type AdminsService } from './admin/service.js';
import { createBillingService, type BillingService } from './billing/service.js';
import { createGstService, type GstService } from './gst/service.js';
import { createReviewsService, type ReviewsService } from './reviews/service.js';
import { createAuditService, type AuditService } from './audit/service.js';
import { createAddressService, type AddressService } from './addresses/service.js';
import { createPincodeDirectory, type PincodeDirectory } from './pincodes/directory.js';
import { createAnnouncementsService, type AnnouncementsService } from './announcements/service.js';
import { createPromotionsAdminService, type PromotionsAdminService } from './promotions/admin-service.js';
import { createAdminCategoriesService, type AdminCategoriesService } from './catalogue/admin-categories.js';
import { createAdminProductsService, type AdminProductsService } from './catalogue/admin-products.js';
import { createCatalogueAdminService, type CatalogueAdminService } from './catalogue/admin-service.js';
import { createCatalogueCsv, type CatalogueCsv } from './catalogue/csv.js';
import { createCatalogueChanges, type CatalogueChanges } from './catalogue/changes.js';
import { createCartService, type CartService } from './cart/service.js';
import { createCatalogueService, type CatalogueService } from './catalogue/service.js';
import { createContactService, type ContactService } from './contact/service.js';
import { EMULATOR_KEYS, type Config, type ShippingConfig } from './config.js';
import type { Db } from './db/database.js';
import { createSmtpMailer, type Mailer } from './mail/mailer.js';
import { createMailQueue, type MailQueue } from './mail/queue.js';
import { createInventoryService, type InventoryService } from './inventory/service.js';
import { causeOf } from './logging/log-errors.js';
import { createMetrics, type ShopMetrics } from './metrics/metrics.js';
import { createMediaStore, type MediaStore, type MediaStoreConfig } from './media/store.js';
import { photoLinks } from './media/public-urls.js';
import { createPhotoEncoder, type PhotoEncoder } from './catalogue/photo-encoder.js';
import { createNotificationService, type NotificationService } from './notifications/service.js';
import { createAdminOrdersService, type AdminOrdersService } from './orders/admin-service.js';
import { createOrderNotices, type OrderNotices } from './orders/notices.js';
import { createOrdersService, type OrdersService } from './orders/service.js';
import type { WebhookDeliverer, WebhookLog } from './dev/razorpay-emulator/webhooks.js';
import type { DevOutbox } from './dev/mailbox/outbox.js';
import { createPaymentProvider, type PaymentProvider } from './payments/razorpay/provider.js';
import type { Transport } from './payments/razorpay/razorpay-client.js';
import { createShippingProvider, type ShippingProvider } from './shipping/provider.js';
import { createShippingService, type ShippingService } from './shipping/service.js';
import { createPaymentsService, type PaymentsService } from './payments/service.js';
import { createSalesReportsService, type SalesReportsService } from './reports/sales-service.js';
import { createReportCounts, type ReportCounts } from './reports/counts.js';
import { createSettingsService, type SettingsService } from './settings/service.js';
import { createWishlistService, type WishlistService } from './wishlist/service.js';

/** The domain services; the JSON API and the server-rendered pages both call these, never the database. */
export interface Services {
  settings: SettingsService;
  /** Change notices of the catalogue: writers publish, caches listen. */
  catalogueChanges: CatalogueChanges;
  /** The storefront's reads of the catalogue (cached). */
  catalogue: CatalogueService;
  /** Writes to the catalogue: demo seed, tests, back-office. */
  catalogueAdmin: CatalogueAdminService;
  media: MediaStore;
  /** AVIF renditions of photos, made in the background once started (main.ts). */
  photoEncoder: PhotoEncoder;
  contact: ContactService;
  announcements: AnnouncementsService;
  /** The back-office's coupons and automatic offers (issue 41; audited). */
  promotionsAdmin: PromotionsAdminService;
  accounts: AccountsService;
  addresses: AddressService;
  /** India Post's pincode directory, shipped with the shop (read on first use). */
  pincodes: PincodeDirectory;
  wishlist: WishlistService;
  cart: CartService;
  notifications: NotificationService;
  orders: OrdersService;
  orderNotices: OrderNotices;
  /** Razorpay, or its emulator when no keys are set. */
  paymentProvider: PaymentProvider;
  /** Couriers booked through Shiprocket (issue 42), or by hand. */
  shipping: ShippingService;
  /** Shiprocket or its emulator; null in manual mode. */
  shippingProvider: ShippingProvider | null;
  payments: PaymentsService;
  /** The dev outbox when mail is not sent over SMTP; null with SMTP_URL or a `mailer` of the caller's. */
  outbox: DevOutbox | null;
  /** Every mail the shop sends: queued in the database, delivered (and retried) by its worker (main.ts starts it). */
  mail: MailQueue;
  /** Prometheus metrics of this process (served on METRICS_PORT by main.ts). */
  metrics: ShopMetrics;
  /** Back-office accounts, sessions and invites. */
  admins: AdminsService;
  /** The owners' view of the audit log (entries are written by each back-office change). */
  audit: AuditService;
  /** The back-office's products, variants and photos (audited, each change announced). */
  adminProducts: AdminProductsService;
  adminCategories: AdminCategoriesService;
  catalogueCsv: CatalogueCsv;
  adminUsers: AdminUsersService;
  adminOrders: AdminOrdersService;
  /** In-store bills and their invoice numbers. */
  billing: BillingService;
  /** GSTR-1 of a month or a quarter (issue 43). */
  gst: GstService;
  reviews: ReviewsService;
  /** The stock ledger's reads (every stock change goes through inventory/service.ts). */
  inventory: InventoryService;
  /** Dashboard, weekly and monthly sales from orders and bills. */
  salesReports: SalesReportsService;
  /** The dashboard's live counts. */
  reportCounts: ReportCounts;
}

export interface ServicesOptions {
  /** Where product photos are stored (DATA_DIR/media) when `media` is not given. */
  mediaDir: string;
  /** The media store as configured (config.media: local disk or S3, MEDIA_PUBLIC_URL); replaces `mediaDir`. */
  media?: MediaStoreConfig;
  /** Mail goes over SMTP when set, else into the dev outbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Replaces the SMTP or outbox transport that the mail queue delivers through (tests). */
  mailer?: Mailer;
  publicUrl?: string;
  /** Key for hashing one-time codes (SESSION_SECRET); a random one when not given. */
  secret?: string;
  /** The clock every time-dependent rule reads; tests move it instead of sleeping. */
  now?: () => Date;
  /** Where one-line notices go (the dev outbox's 'mail stored' line, mail failures). */
  log?: { info(line: string): void; error(details: object, line: string): void };
  production?: boolean;
  /** Razorpay keys and base URL (config.razorpay); the emulator's test keys when not given. */
  razorpay?: Partial<Config['razorpay']> & {
    timeoutMs?: number;
    /** Emulator only: replaces webhook delivery (tests keep webhooks and deliver them when they choose). */
    deliverWebhook?: WebhookDeliverer;
    webhookRetryDelaysMs?: readonly number[];
    /** Emulator only: where its webhook failures are logged (the app's log by default). */
    log?: WebhookLog;
  };
  /** How long an unpaid order holds its stock (RESERVATION_TTL_SECONDS). */
  reservationSeconds?: number;
  /** How parcels are booked (config.shipping): manual when not given; Shiprocket, real or emulated, otherwise. */
  shipping?: ShippingConfig & { transport?: Transport; timeoutMs?: number; backoffMs?: readonly number[] };
  /** The process's metrics; a registry of its own when not given. */
  metrics?: ShopMetrics;
}

/**
 * Async because the Razorpay emulator and the dev outbox, dev-only code, are imported only when they are used
 * (docs/decisions/024).
 */
export async function createServices(db: Db, options: ServicesOptions): Promise<Services> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? { info: () => {}, error: () => {} };
  const metrics = options.metrics ?? createMetrics({ defaultMetrics: false });
  const media = createMediaStore(options.media ?? { kind: 'local', root: options.mediaDir });
  const settings = createSettingsService(db, { production: options.production ?? false, now, media });
  // Without SMTP_URL the mail is kept in the dev outbox, dev-only code loaded (and its table made) only then.
  const outbox =
    options.smtpUrl || options.mailer
      ? null
      : await (
          await import('./dev/mailbox/outbox.js')
        ).createDevOutbox(db, (mail) =>
          // In production (tests only: config refuses it without SMTP_URL) the line leaves out the subject and its code.
          log.info(`dev outbox: mail to ${mail.to}${options.production ? '' : `: "${mail.subject}"`}`),
        );
  const transport =
    options.mailer ??
    (options.smtpUrl ? createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom ?? 'shop@localhost' }) : outbox!);
  const mail = createMailQueue(db, {
    transport,
    now,
    onError: (error, queued) => log.error({ err: error, mail: queued }, `mail not sent yet (${causeOf(error)}); it will be retried`),
    // Not a mail refused: the queue could not read or write its table (PostgreSQL gone), and says so.
    onQueueError: (error) =>
      log.error({ err: error }, `mail queue could not be worked through (${causeOf(error)}); the next round retries`),
    onDropped: (queued) => log.error({ mail: queued }, 'mail dropped: it could not be sent while it was still valid'),
    onCount: (event) => metrics.mails.inc({ event }),
  });
  metrics.watchMailBacklog(() => mail.pending());
  // Callers that only send use the queue as their Mailer: queued, first attempt at once, retried after.
  const mailer: Mailer = mail;
  const catalogueChanges = createCatalogueChanges();
  // Photo URLs leave the server under MEDIA_PUBLIC_URL when it is set: catalogue answers, cart lines, orders, bills.
  const photos = photoLinks(media.baseUrl);
  const catalogue = createCatalogueService(db, catalogueChanges, { photos });
  const photoEncoder = createPhotoEncoder(db, { media, changes: catalogueChanges });
  const notifications = createNotificationService(db, now);
  const cart = createCartService(db, now, photos.url);
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const orderNotices = createOrderNotices({ notifications, mail, settings, publicUrl });
  const orders = createOrdersService(db, {
    secret,
    photoUrl: photos.url,
    media,
    now,
    reservationSeconds: options.reservationSeconds ?? PAYMENT_RESERVATION_MINUTES * 60,
    onStockChange: (productIds) => catalogueChanges.publish(productIds),
    notices: {
      write: orderNotices.write,
      codCode: orderNotices.codCode,
      // Counted with the change, inside its transaction: a status change that is rolled back is rare (the move comes last).
      async statusChanged(tx, change) {
        metrics.orderStatusChanges.inc({ to: change.to });
        await orderNotices.statusChanged(tx, change);
      },
    },
  });
  const { timeoutMs, deliverWebhook, webhookRetryDelaysMs, log: webhookLog, ...razorpayConfig } = options.razorpay ?? {};
  const paymentProvider = await createPaymentProvider(
    { ...EMULATOR_KEYS, apiBase: 'https://api.razorpay.com', emulated: true, ...razorpayConfig },
    { db, production: options.production ?? false, timeoutMs, deliverWebhook, webhookRetryDelaysMs, now, log: webhookLog },
  );
  const pincodes = createPincodeDirectory();
  const addresses = createAddressService(db, pincodes);
  const shippingOptions: NonNullable<ServicesOptions['shipping']> = options.shipping ?? { provider: 'manual' };
  const { transport: shippingTransport, timeoutMs: shippingTimeoutMs, backoffMs, ...shippingConfig } = shippingOptions;
  const shippingProvider = await createShippingProvider(shippingConfig, {
    production: options.production ?? false,
    publicUrl,
    log: shippingLog(log),
    transport: shippingTransport,
    timeoutMs: shippingTimeoutMs,
    backoffMs,
    now,
  });
  const shipping = createShippingService(db, { provider: shippingProvider, orders, settings, now, log: shippingLog(log), metrics });
  const payments = createPaymentsService(db, {
    orders,
    settings,
    provider: paymentProvider,
    // An address no courier reaches is refused before payment (issue 42).
    assertDeliverable: async (userId, addressId) => {
      const address = (await addresses.list(userId)).find((each) => each._id === addressId);
      if (address) await shipping.assertDeliversTo(address.pincode);
    },
    now,
    log: paymentsLog(log),
    metrics,
    pincodeKnown: (pincode) => pincodes.lookup(pincode) !== null,
  });
  const billing = createBillingService(db, {
    settings,
    changes: catalogueChanges,
    now,
    metrics,
    photoUrl: photos.url,
    // The owner's counter-return limits (issue 40), read from the settings row at each return.
    counterReturnPolicy: settings.counterReturnPolicy,
  });
  return {
    settings,
    catalogueChanges,
    catalogue,
    catalogueAdmin: createCatalogueAdminService(db, catalogueChanges),
    media,
    photoEncoder,
    contact: createContactService(db, { mail, settings, publicUrl, now }),
    announcements: createAnnouncementsService(db, now),
    promotionsAdmin: createPromotionsAdminService(db, now),
    accounts: createAccountsService(db, { mail, settings, publicUrl, secret, now }),
    addresses,
    pincodes,
    wishlist: createWishlistService(db, now, catalogue, cart),
    cart,
    notifications,
    orders,
    orderNotices,
    paymentProvider,
    payments,
    outbox,
    mail,
    metrics,
    admins: createAdminsService(db, {
      mailer,
      codes: { mail, secret },
      settings,
      publicUrl,
      now,
      onMailError: (error) => log.error({ err: error }, 'sending mail failed'),
    }),
    audit: createAuditService(db),
    adminProducts: createAdminProductsService(db, {
      changes: catalogueChanges,
      media,
      now,
      onPhotosStored: () => photoEncoder.wake(),
      stockThreshold: settings.lowStockThreshold,
    }),
    adminCategories: createAdminCategoriesService(db, { changes: catalogueChanges, now }),
    catalogueCsv: createCatalogueCsv(db, { changes: catalogueChanges, now }),
    adminUsers: createAdminUsersService(db, { orders, addresses, now }),
    adminOrders: createAdminOrdersService(db, { orders, payments, notices: orderNotices, now, settings, photoUrl: photos.url, shipping }),
    shipping,
    shippingProvider,
    billing,
    // The GST return (issue 43) from the counter's and the online documents as issued.
    gst: createGstService(db, { settings, billing, now }),
    inventory: createInventoryService(db),
    reviews: createReviewsService(db, { now, notifications, changes: catalogueChanges, media }),
    // One threshold, the owner's (Settings), for the dashboard's counts and its list (reports/stock-threshold.ts).
    salesReports: createSalesReportsService(db, now, settings.lowStockThreshold),
    reportCounts: createReportCounts(db, now, settings.lowStockThreshold),
  };
}

/** The payments flows log with details; the services' one-line log takes them as they are. */
/** The shipping client's and service's lines, their details (call, status, duration: never a token) in the line. */
function shippingLog(log: { info(line: string): void; error(details: object, line: string): void }) {
  return {
    info: (details: object, line: string) => log.info(`${line} ${JSON.stringify(details)}`),
    warn: (details: object, line: string) => log.error(details, line),
    error: (details: object, line: string) => log.error(details, line),
  };
}

function paymentsLog(log: { info(line: string): void; error(details: object, line: string): void }) {
  return { info: (_details: object, line: string) => log.info(line), error: (details: object, line: string) => log.error(details, line) };
}
