import { z } from 'zod';

/** Public announcements of the shop (the /notifications page): not a shopper's own notifications. */
export const ANNOUNCEMENT_KINDS = ['offer', 'collection', 'news'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  link: z.string().nullable(),
  /** An offer's promise: every item its link lists is at least this % off (null for other kinds). */
  offerMinDiscount: z.number().int().nullable(),
  publishedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** An offer's discount range: at least 1%, at most the listing filter's 90%. */
export const OFFER_DISCOUNT = { min: 1, max: 90 } as const;

/**
 * The listing of an offer (issue 28: an offer is a saved filter): the products of `categorySlug` (or all) that carry
 * at least `minDiscount`% off, so every item it shows keeps the offer's promise. The names are /filter's own.
 */
export function offerLink(minDiscount: number, categorySlug?: string | null): string {
  const category = categorySlug ? `category=${encodeURIComponent(categorySlug)}&` : '';
  return `/filter?${category}minDiscount=${minDiscount}`;
}

/** An announcement as the back-office sees it: an offer's saved filter and the end date too. */
export const adminAnnouncementSchema = announcementSchema.extend({
  offerCategoryId: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

const optionalDate = (field: string) =>
  z.iso.datetime({ offset: true, message: `${field} must be a date and time, like 2026-11-26T10:00:00+05:30` }).nullish();

const discountMessage = `Minimum discount must be a whole number from ${OFFER_DISCOUNT.min} to ${OFFER_DISCOUNT.max}.`;

/** An announcement's own fields, without its dates: the call's body and the service's input add them as each reads them. */
export const announcementFieldsSchema = z.object({
  title: z.string().trim().min(1, 'Please enter a title.').max(120, 'Title must be at most 120 characters.'),
  body: z.string().trim().min(1, 'Please enter the text.').max(1000, 'Text must be at most 1000 characters.'),
  kind: z.enum(ANNOUNCEMENT_KINDS, 'Please choose offer, collection or news.'),
  link: z
    .string()
    .trim()
    .regex(/^\/(?!\/)\S*$/, 'Link must be a path on this shop, such as /filter?category=sarees.')
    .max(500, 'Link must be at most 500 characters.')
    .nullish(),
  offerMinDiscount: z
    .number(discountMessage)
    .int(discountMessage)
    .min(OFFER_DISCOUNT.min, discountMessage)
    .max(OFFER_DISCOUNT.max, discountMessage)
    .nullish(),
  offerCategoryId: z.uuid('Please choose a category from the list.').nullish(),
});

/** An offer is a saved filter: it must say its minimum discount (a refinement for both schemas below). */
export const offerNeedsDiscount: [
  (input: { kind: string; offerMinDiscount?: number | null | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (input) => input.kind !== 'offer' || input.offerMinDiscount != null,
  { message: 'An offer needs its minimum discount (1 to 90%).', path: ['offerMinDiscount'] },
];

/**
 * Body of POST /api/admin/announcement/addAnnouncement and updateAnnouncement: an offer names its minimum discount
 * (and optionally its category) and the server makes its link; other kinds may link to any path on the shop.
 */
export const announcementBodySchema = announcementFieldsSchema
  .extend({ publishedAt: optionalDate('publishedAt'), expiresAt: optionalDate('expiresAt') })
  .refine(...offerNeedsDiscount);
export type AnnouncementBody = z.input<typeof announcementBodySchema>;

/** An announcement to save, as the back-office's page hands it to the service (dates read already). */
export type AnnouncementFields = Omit<z.output<typeof announcementBodySchema>, 'publishedAt' | 'expiresAt'> & {
  publishedAt?: Date | undefined;
  expiresAt?: Date | null | undefined;
};
