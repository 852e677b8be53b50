import { randomBytes } from 'node:crypto';
import { createAccountsService, type AccountsService } from './accounts/service.js';
import { createAddressService, type AddressService } from './addresses/service.js';
import { createAnnouncementsService, type AnnouncementsService } from './announcements/service.js';
import { createCatalogueAdminService, type CatalogueAdminService } from './catalogue/admin-service.js';
import { createCatalogueChanges, type CatalogueChanges } from './catalogue/changes.js';
import { createCatalogueService, type CatalogueService } from './catalogue/service.js';
import { createContactService, type ContactService } from './contact/service.js';
import type { Db } from './db/database.js';
import { createOutboxMailer, createSmtpMailer, type Mailer, type OutboxMailer } from './mail/mailer.js';
import { createMediaStore, type MediaStore } from './media/store.js';
import { createNotificationService, type NotificationService } from './notifications/service.js';
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
  contact: ContactService;
  announcements: AnnouncementsService;
  accounts: AccountsService;
  addresses: AddressService;
  wishlist: WishlistService;
  notifications: NotificationService;
  /** The dev outbox when mail is not sent over SMTP; null with SMTP_URL. */
  outbox: OutboxMailer | null;
}

export interface ServicesOptions {
  /** Where product photos are stored (DATA_DIR/media). */
  mediaDir: string;
  /** Mail goes over SMTP when set, else into the dev outbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Replaces the SMTP or outbox mailer (tests). */
  mailer?: Mailer;
  publicUrl?: string;
  /** Key for hashing one-time codes (SESSION_SECRET); a random one when not given. */
  secret?: string;
  /** The clock every time-dependent rule reads; tests move it instead of sleeping. */
  now?: () => Date;
  /** Where one-line notices go (the dev outbox's 'mail stored' line, mail failures). */
  log?: { info(line: string): void; error(details: object, line: string): void };
  production?: boolean;
}

export function createServices(db: Db, options: ServicesOptions): Services {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? { info: () => {}, error: () => {} };
  const settings = createSettingsService(db);
  // In production the log line leaves out the subject, which carries the one-time code.
  const outbox = options.smtpUrl
    ? null
    : createOutboxMailer(db, (mail) => log.info(`dev outbox: mail to ${mail.to}${options.production ? '' : `: "${mail.subject}"`}`));
  const mailer =
    options.mailer ??
    (options.smtpUrl ? createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom ?? 'shop@localhost' }) : outbox!);
  const catalogueChanges = createCatalogueChanges();
  const catalogue = createCatalogueService(db, catalogueChanges);
  return {
    settings,
    catalogueChanges,
    catalogue,
    catalogueAdmin: createCatalogueAdminService(db, catalogueChanges),
    media: createMediaStore(options.mediaDir),
    contact: createContactService(db),
    announcements: createAnnouncementsService(db),
    accounts: createAccountsService(db, {
      mailer,
      settings,
      publicUrl: options.publicUrl ?? 'http://localhost:3000',
      secret: options.secret ?? randomBytes(32).toString('base64url'),
      now,
      onMailError: (error) => log.error({ err: error }, 'sending mail failed'),
    }),
    addresses: createAddressService(db),
    wishlist: createWishlistService(db, now, catalogue),
    notifications: createNotificationService(db, now),
    outbox,
  };
}
