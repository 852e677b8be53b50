import { contactMessageSchema } from '@shop/core';
import { validate, type FieldErrors } from './form';

/** The contact form's check in the browser: the server's own schema (routes/contact.tsx loads this on first use). */
export const contactCheck = (values: Record<string, unknown>): FieldErrors | undefined => validate(contactMessageSchema, values).errors;
