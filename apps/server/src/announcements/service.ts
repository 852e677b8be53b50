import {
  AppError,
  announcementFieldsSchema,
  invalidInput,
  offerLink,
  offerNeedsDiscount,
  type AdminAnnouncement,
  type Announcement,
} from '@shop/core';
import { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import {
  allAnnouncements,
  categorySlug,
  deleteAnnouncement,
  insertAnnouncement,
  lockedAnnouncement,
  publishedAnnouncements,
  updateAnnouncement,
  type AnnouncementWithCategory,
} from './queries.js';

// An offer's link is its saved filter's listing, made from the category's slug as it is now (a renamed slug moves
// with it); an offer from before issue 28 without a discount keeps the link it was given.
const linkOf = (row: AnnouncementWithCategory): string | null =>
  row.kind === 'offer' && row.offerMinDiscount !== null ? offerLink(row.offerMinDiscount, row.categorySlug) : row.link;

const toAnnouncement = (row: AnnouncementWithCategory): Announcement => ({
  _id: row.id,
  title: row.title,
  body: row.body,
  kind: row.kind,
  link: linkOf(row),
  offerMinDiscount: row.kind === 'offer' ? row.offerMinDiscount : null,
  publishedAt: row.publishedAt.toISOString(),
});

const toAdminAnnouncement = (row: AnnouncementWithCategory): AdminAnnouncement => ({
  ...toAnnouncement(row),
  offerCategoryId: row.offerCategoryId,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** Most announcements the public page shows. */
export const MAX_PUBLISHED = 50;

// The call's fields (core), with the dates the back-office's page has already read.
export const announcementInputSchema = announcementFieldsSchema
  .extend({ publishedAt: z.date().optional(), expiresAt: z.date().nullish() })
  .refine((input) => !input.expiresAt || input.expiresAt > (input.publishedAt ?? new Date()), {
    message: 'The end date must be after the publication date.',
    path: ['expiresAt'],
  })
  .refine(...offerNeedsDiscount);
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export interface AnnouncementsService {
  /** Announcements visible at `now` (published, not expired), newest first, at most 50. */
  listPublished(now: Date): Promise<Announcement[]>;
  /** An offer's link is made from its minimum discount and category; other kinds keep the link given. Audited. */
  create(actor: AuditActor, input: AnnouncementInput): Promise<AdminAnnouncement>;
  /** Replaces every field of one announcement; NOT_FOUND for an unknown id. Audited with before and after. */
  update(actor: AuditActor, announcementId: string, input: AnnouncementInput): Promise<AdminAnnouncement>;
  /** Takes one off the shop for good (an ended one can simply stay); NOT_FOUND for an unknown id. Audited. */
  remove(actor: AuditActor, announcementId: string): Promise<void>;
  /** The back-office's list: every announcement (future and ended too), newest first. */
  listAll(): Promise<AdminAnnouncement[]>;
}

/** What the audit log keeps of an announcement. */
const auditSnapshot = (announcement: AdminAnnouncement) => {
  const { _id, ...fields } = announcement;
  return fields;
};

const NOT_FOUND = 'Announcement not found.';

export function createAnnouncementsService(db: Db, now: () => Date = () => new Date()): AnnouncementsService {
  const invalid = (field: string, message: string) => new AppError('INVALID_DATA', `${field}: ${message}`, { [field]: message });

  /** The row's values from an input, or INVALID_DATA naming the first wrong field. */
  const valuesOf = async (input: AnnouncementInput) => {
    const parsed = announcementInputSchema.safeParse(input);
    if (!parsed.success) {
      throw invalidInput(parsed.error.issues);
    }
    const { title, body, kind, link, offerMinDiscount, offerCategoryId, publishedAt, expiresAt } = parsed.data;
    const isOffer = kind === 'offer';
    const slug = isOffer && offerCategoryId ? await categorySlug(db, offerCategoryId) : null;
    if (isOffer && offerCategoryId && slug === null) throw invalid('offerCategoryId', 'That category does not exist.');
    return {
      title,
      body,
      kind,
      // Stored too, so the row reads right on its own; pages take it from linkOf, which follows a renamed slug.
      link: isOffer ? offerLink(offerMinDiscount!, slug) : (link ?? null),
      offerMinDiscount: isOffer ? offerMinDiscount! : null,
      offerCategoryId: isOffer ? (offerCategoryId ?? null) : null,
      publishedAt: publishedAt ?? new Date(),
      expiresAt: expiresAt ?? null,
    };
  };

  const audit = (
    tx: Db,
    actor: AuditActor,
    action: string,
    entityId: string,
    before: AdminAnnouncement | null,
    after: AdminAnnouncement | null,
  ) =>
    recordAudit(
      tx,
      actor,
      {
        action: `announcement.${action}`,
        entity: 'announcement',
        entityId,
        before: before && auditSnapshot(before),
        after: after && auditSnapshot(after),
      },
      now(),
    );

  /** The row of an id the page or the API sent, locked; NOT_FOUND for one that is not an announcement's. */
  const existing = async (tx: Db, announcementId: string) => {
    const row = z.uuid().safeParse(announcementId).success ? await lockedAnnouncement(tx, announcementId) : null;
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return toAdminAnnouncement(row);
  };

  return {
    async create(actor, input) {
      const values = await valuesOf(input);
      return db.transaction(async (tx) => {
        const created = toAdminAnnouncement(await insertAnnouncement(tx, values));
        await audit(tx, actor, 'create', created._id, null, created);
        return created;
      });
    },
    async update(actor, announcementId, input) {
      const values = await valuesOf(input);
      return db.transaction(async (tx) => {
        const before = await existing(tx, announcementId);
        const row = await updateAnnouncement(tx, announcementId, values);
        const after = toAdminAnnouncement(row!);
        await audit(tx, actor, 'update', announcementId, before, after);
        return after;
      });
    },
    async remove(actor, announcementId) {
      await db.transaction(async (tx) => {
        const before = await existing(tx, announcementId);
        await deleteAnnouncement(tx, announcementId);
        await audit(tx, actor, 'delete', announcementId, before, null);
      });
    },
    async listAll() {
      return (await allAnnouncements(db)).map(toAdminAnnouncement);
    },
    async listPublished(now) {
      return (await publishedAnnouncements(db, now, MAX_PUBLISHED)).map(toAnnouncement);
    },
  };
}
