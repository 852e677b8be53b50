import { z } from 'zod';
import { indianMobileSchema } from './phone.js';
import { ADDRESS_TYPES, LANDMARK_MAX_LENGTH, pincodeField } from './pincodes.js';
import { INDIAN_STATES } from './settings.js';
import { plainText } from './text.js';
import { GENDER_LABELS, GENDERS } from './form-choices.js';
import { istDay } from './india-time.js';

/** Customer account rules shared by the API and the web forms (spec §5, with the bounds the spec left open). */

/** Name of the session cookie (an opaque random token; the server stores only its hash). */
export const SESSION_COOKIE = 'sid';

export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 50;

// Addresses are stored in lowercase so 'Asha@Example.in' and 'asha@example.in' are one account.
export const emailField = (missing: string) =>
  z.string().trim().toLowerCase().min(1, missing).max(254).pipe(z.email('Please enter a valid email.'));

const otpField = z
  .string()
  .trim()
  .min(1, 'Enter the OTP sent to your email.')
  .regex(/^\d{6}$/, `The OTP is the ${OTP_LENGTH}-digit code from the email.`);

const requiredText = (message: string, max = NAME_MAX_LENGTH) => plainText().trim().min(1, message).max(max, `At most ${max} characters.`);

export const newPassword = z
  .string()
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** Login page, 'Send OTP to email'. */
export const sendLoginOtpSchema = z.object({ email: emailField('Please enter your email.') });

/** Sign-up step 1, 'Send OTP'. */
export const sendAccountVerificationOtpSchema = z.object({ email: emailField('Please enter a valid email.') });

export const loginUsingPasswordSchema = z.object({
  email: emailField('Email is required.'),
  password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
});

export const verifyLoginOtpSchema = z.object({ email: emailField('Email is required.'), otp: otpField });

export const verifyAccountOtpSchema = z.object({ email: emailField('Please enter a valid email.'), otp: otpField });

/** Login page, 'Forgot password?': mails a reset code (the same answer whether or not the address has an account). */
export const forgotPasswordSchema = z.object({ email: emailField('Please enter your email.') });

/** The reset form: the mailed code and the new password, with the rules of sign-up. */
export const resetPasswordSchema = z
  .object({
    email: emailField('Email is required.'),
    otp: otpField,
    newPassword,
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const registerSchema = z
  .object({
    email: emailField('Please enter a valid email.'),
    firstName: requiredText('First name is required.'),
    lastName: requiredText('Last name is required.'),
    password: newPassword,
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
  })
  .refine((input) => input.password === input.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export { GENDERS, GENDER_LABELS };

/** A mobile number as typed ('+91 98765 43210'), stored as its 10 digits. */
const mobileField = z.string().trim().min(1, 'Phone is required.').pipe(indianMobileSchema());

/** An optional profile field: '' (an emptied input) and a missing value both store null. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

export const updateProfileSchema = z.object({
  firstName: requiredText('First name is required.'),
  lastName: requiredText('Last name is required.'),
  phone: optional(mobileField),
  // Today is India's day: from 00:00 to 05:30 there, UTC's day is still yesterday.
  dob: optional(
    z.iso
      .date('Please enter a valid date of birth.')
      .refine((value) => value >= '1900-01-01' && value <= istDay(new Date()), 'Please enter a valid date of birth.'),
  ),
  gender: optional(z.enum(GENDERS, { message: 'Please choose a gender from the list.' })),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required.').max(PASSWORD_MAX_LENGTH),
    newPassword,
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });

/**
 * Spec §3 address; a delivery address in India, pincode first. District and state may be left empty: the server
 * fills them from the pincode (apps/server/src/pincodes), and refuses a state the pincode is not in.
 */
export const addressInputSchema = z.object({
  pincode: pincodeField,
  name: requiredText('Name is required.', 80),
  phone: mobileField,
  street: requiredText('Street is required.', 200),
  landmark: plainText().trim().max(LANDMARK_MAX_LENGTH, `At most ${LANDMARK_MAX_LENGTH} characters.`).default(''),
  city: requiredText('City is required.', 80),
  district: plainText().trim().max(80, 'At most 80 characters.').default(''),
  state: z.enum(['', ...INDIAN_STATES], { message: 'Please choose a state from the list.' }).default(''),
  addressType: z.enum(ADDRESS_TYPES, { message: 'Please choose Home or Work.' }).default('home'),
});
/** What a caller sends (landmark, district, state and addressType may be left out); the services parse it. */
export type AddressInput = z.input<typeof addressInputSchema>;

/** The signed-in shopper as every auth call answers it (spec §3 `data.user`); also the response allow-list. */
export const publicUserSchema = z.object({
  _id: z.string(),
  userEmail: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userPhone: z.string().nullable(),
  /** ISO date, YYYY-MM-DD. */
  userDOB: z.string().nullable(),
  userGender: z.enum(GENDERS).nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

// As stored: the phone is its 10 digits already, the answer needs no normalising.
export const addressSchema = addressInputSchema.extend({
  phone: z.string(),
  landmark: z.string(),
  district: z.string(),
  state: z.enum(INDIAN_STATES),
  addressType: z.enum(ADDRESS_TYPES),
  _id: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const userNotificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

/**
 * Where to go after login: only a same-site relative path ('/checkout'); anything else ('//evil.example',
 * 'https://…', '/\\evil') goes home.
 */
export function safeRedirectPath(target: string | null | undefined): string {
  // One leading slash, then no second slash or backslash right after, and no whitespace or control characters.
  return target && /^\/(?![/\\])[^\\\s\p{Cc}]*$/u.test(target) ? target : '/';
}
