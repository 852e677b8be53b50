import { z } from 'zod';
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
