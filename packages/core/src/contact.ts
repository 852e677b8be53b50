import { z } from 'zod';
import { pageParam, pagingShape } from './admin.js';
import { optionalIndianMobileSchema } from './phone.js';
import { plainText } from './text.js';

import { CONTACT_LIMITS } from './contact-limits.js';

export { CONTACT_LIMITS };

/** The contact form: the page's form and POST /api/user/contact/sendMessage validate with this one schema. */
export const contactMessageSchema = z.object({
  name: plainText({ missing: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters.`),
  email: z
    .string({ error: 'Please enter your email.' })
    .trim()
    .min(1, 'Please enter your email.')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters.`)
    .pipe(z.email('Please enter a valid email.')),
  // Optional: an empty box means no phone. '+91 98450 12345' is stored as 9845012345.
  phone: optionalIndianMobileSchema('Please enter a 10-digit mobile number.'),
  message: plainText({ multiline: true, missing: 'Please write your message.' })
    .trim()
    .min(1, 'Please write your message.')
    .min(CONTACT_LIMITS.messageMin, `Please write at least ${CONTACT_LIMITS.messageMin} characters.`)
    .max(CONTACT_LIMITS.messageMax, `Message must be at most ${CONTACT_LIMITS.messageMax} characters.`),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

// The back-office's inbox of these messages (issue 38): any admin reads them, replies by mail and marks them handled.

export const CONTACT_FILTERS = ['all', 'unhandled', 'handled'] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** GET /api/admin/contact/getMessages: all (waiting ones first), only those waiting, or only those handled. */
export const adminContactQuerySchema = z.object({
  status: z.enum(CONTACT_FILTERS, { error: `status must be one of ${CONTACT_FILTERS.join(', ')}` }).optional(),
  page: pageParam,
});
export type AdminContactQuery = z.infer<typeof adminContactQuerySchema>;

/** POST /api/admin/contact/reply/{id}: the answer mailed to the sender; the page's form checks it with this too. */
export const contactReplyInputSchema = z.object({
  message: plainText({ multiline: true, missing: 'Please write your reply.' })
    .trim()
    .min(1, 'Please write your reply.')
    .max(CONTACT_LIMITS.replyMax, `Reply must be at most ${CONTACT_LIMITS.replyMax} characters.`),
});
export type ContactReplyInput = z.input<typeof contactReplyInputSchema>;

export const contactReplySchema = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** Who wrote it, as the audit log names her. */
  by: z.string(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const adminContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  /** When an admin marked it handled or replied; null while it waits. */
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  /** The shop's answers, oldest first. */
  replies: z.array(contactReplySchema),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactPageSchema = z.object({
  messages: z.array(adminContactMessageSchema),
  ...pagingShape,
  /** Messages waiting for an answer, whatever the filter (the sidebar's count). */
  unhandled: z.number().int(),
});
export type AdminContactPage = z.infer<typeof adminContactPageSchema>;
