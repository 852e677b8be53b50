import { announcementBodySchema, fieldMessages, istDay, istDayEnd, type AdminAnnouncement, type AnnouncementFields } from '@shop/core';

/** The back-office's announcement form as typed (every field text). */
export const ANNOUNCEMENT_FIELDS = ['kind', 'title', 'body', 'link', 'offerMinDiscount', 'offerCategoryId', 'expiresOn'] as const;
export type AnnouncementFormValues = Record<(typeof ANNOUNCEMENT_FIELDS)[number], string>;

/** The form's values of a saved announcement (or an empty offer). */
export function announcementFormValues(item: AdminAnnouncement | null): AnnouncementFormValues {
  return {
    kind: item?.kind ?? 'offer',
    title: item?.title ?? '',
    body: item?.body ?? '',
    link: item && item.kind !== 'offer' ? (item.link ?? '') : '',
    offerMinDiscount: item?.offerMinDiscount == null ? '' : String(item.offerMinDiscount),
    offerCategoryId: item?.offerCategoryId ?? '',
    // The last India day it shows: it ends at the next midnight there.
    expiresOn: item?.expiresAt ? istDay(new Date(new Date(item.expiresAt).getTime() - 1)) : '',
  };
}

/**
 * What the service is given for a typed form, checked with the API's own schema: an offer's link is left to the
 * server; 'Show until' is a last day in India's calendar. Per-field messages when the form is wrong.
 */
export function announcementPayload(
  values: AnnouncementFormValues,
): { data: AnnouncementFields; errors?: undefined } | { data?: undefined; errors: Record<string, string> } {
  const discount = values.offerMinDiscount.trim();
  const expiresOn = values.expiresOn.trim();
  if (expiresOn && !/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) return { errors: { expiresOn: 'Please choose a date.' } };
  const isOffer = values.kind === 'offer';
  const parsed = announcementBodySchema.safeParse({
    kind: values.kind,
    title: values.title,
    body: values.body,
    link: isOffer || !values.link.trim() ? null : values.link,
    offerMinDiscount: isOffer && discount !== '' ? (/^\d+$/.test(discount) ? Number(discount) : Number.NaN) : null,
    offerCategoryId: isOffer && values.offerCategoryId ? values.offerCategoryId : null,
  });
  if (!parsed.success) {
    return { errors: fieldMessages(parsed.error.issues, 'form') };
  }
  const { publishedAt: _published, expiresAt: _expires, ...fields } = parsed.data;
  const end = expiresOn ? istDayEnd(expiresOn) : null;
  if (end && Number.isNaN(end.getTime())) return { errors: { expiresOn: 'Please choose a date.' } };
  return { data: { ...fields, expiresAt: end } };
}
