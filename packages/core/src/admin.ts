import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, emailField, newPassword } from './accounts.js';
import { inShopYears, shopYearsMessage } from './calendar-days.js';
import { AppError } from './errors.js';
import { plainText } from './text.js';

// Contracts of the back-office's own accounts, invites and audit log (spec §2.12, §3 Admin; issue 10).

/** Name of the admin session cookie: apart from the shopper's `sid`, so neither opens the other's calls. */
export const ADMIN_SESSION_COOKIE = 'asid';

export const ADMIN_ROLES = ['owner', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** How long an invite link may be used. */
export const ADMIN_INVITE_DAYS = 7;

const adminName = plainText().trim().min(1, 'Full name is required.').max(80, 'At most 80 characters.');

/** Spec §3: login adminEmail, adminPassword. */
export const adminLoginSchema = z.object({
  adminEmail: emailField('Email is required.'),
  adminPassword: z.string().min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** `POST /api/admin/changePassword` (issue 26): the current password proves who asks; the other sessions end. */
export const adminChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required.').max(PASSWORD_MAX_LENGTH),
  newPassword,
});
export type AdminChangePasswordInput = z.infer<typeof adminChangePasswordSchema>;

/** `POST /api/admin/forgotPassword`: a code to the address, when it is an active admin's (the answer is the same either way). */
export const adminForgotPasswordSchema = z.object({ adminEmail: emailField('Please enter your email.') });

/** `POST /api/admin/resetPassword`: the mailed code and a new password; every session of hers ends. */
export const adminResetPasswordSchema = z.object({
  adminEmail: emailField('Email is required.'),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code.'),
  newPassword,
});
export type AdminResetPasswordInput = z.infer<typeof adminResetPasswordSchema>;

/** The reset page's form: the same with the new password typed twice. */
export const adminResetPasswordFormSchema = adminResetPasswordSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password.') })
  .refine((input) => input.newPassword === input.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });

/** The profile page's form: the same, typed twice. */
export const adminChangePasswordFormSchema = adminChangePasswordSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password.') })
  .refine((input) => input.newPassword === input.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });

/** Spec §3: signup adminName, adminEmail, adminPassword; plus the invite an owner sent. */
export const adminRegisterSchema = z.object({
  adminName,
  adminEmail: emailField('Email is required.'),
  adminPassword: newPassword,
  inviteToken: z
    .string({ error: 'An admin account needs an invite link from the owner.' })
    .trim()
    .min(1, 'An admin account needs an invite link from the owner.')
    .max(200, 'This invite link is not valid or has expired. Ask the owner for a new one.'),
});
export type AdminRegisterInput = z.infer<typeof adminRegisterSchema>;

/** The signup form: the call's fields and a confirmation (spec §5: 'Passwords do not match'). */
export const adminSignupFormSchema = adminRegisterSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password.') })
  .refine((input) => input.adminPassword === input.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** The signed-in admin (GET /api/admin/me `data.admin`). */
export const publicAdminSchema = z.object({
  _id: z.string(),
  adminName: z.string(),
  adminEmail: z.string(),
  role: z.enum(ADMIN_ROLES),
});
export type PublicAdmin = z.infer<typeof publicAdminSchema>;

/** What a back-office call refused to staff says (the owner scope's guard, and the pages' owner checks). */
export const OWNER_ONLY = 'Only the shop owner can do this.';

/**
 * Who makes a back-office change: a signed-in admin, or the shop itself (the command line, the demo start: id null).
 * The audit log records id and label; services check the role for what only owners may do (`requireOwner`).
 */
export interface AuditActor {
  id: string | null;
  /** 'Name <e-mail>' as it was at the time. */
  label: string;
  /** The admin's role; the shop's own actors act as the owner (the command line is how an owner gets in). */
  role: AdminRole;
}

/** The actor of a signed-in admin. */
export const actorOf = (admin: Pick<PublicAdmin, '_id' | 'adminName' | 'adminEmail' | 'role'>): AuditActor => ({
  id: admin._id,
  label: `${admin.adminName} <${admin.adminEmail}>`,
  role: admin.role,
});

/**
 * Refuses anyone but an owner, as the API's owner scope does (403, OWNER_ONLY). Every service method of a change only
 * owners make calls it first, so the rule holds whichever way the call comes in (API, page, job).
 */
export function requireOwner(actor: Pick<AuditActor, 'role'>): void {
  if (actor.role !== 'owner') throw new AppError('NOT_ALLOWED', OWNER_ONLY);
}

/** An admin account as owners see it in the account list. */
export const adminAccountSchema = publicAdminSchema.extend({ active: z.boolean(), createdAt: z.string() });
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const createInviteSchema = z.object({
  email: emailField('Email is required.'),
  // Staff unless the owner says otherwise (issue 40): a second owner sees the takings and can undo anything.
  role: z.enum(ADMIN_ROLES, { message: 'role must be owner or staff' }).default('staff'),
});
export type CreateInviteInput = z.infer<typeof createInviteSchema>;

/** The answer to creating an invite: the link (also e-mailed) and until when it works. */
export const createdInviteSchema = z.object({ url: z.string(), expiresAt: z.string() });

export const INVITE_STATUSES = ['pending', 'used', 'revoked', 'expired'] as const;
export const inviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(INVITE_STATUSES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** What the audit log names: every kind of record the back-office changes. */
export const AUDIT_ENTITIES = [
  'product',
  'variant',
  'photo',
  'category',
  'order',
  'refund',
  'invite',
  'admin',
  'user',
  'bill',
  'review',
  'announcement',
  'contact_message',
  'session',
  'settings',
  'coupon',
  'offer',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** A whole page number of a list query ('2'), 1 when absent. */
export const pageParam = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'page must be a whole number from 1')
  .transform(Number)
  .refine((page) => page >= 1, 'page must be a whole number from 1')
  .optional();

/** A calendar day of a list filter, YYYY-MM-DD (India time), in the shop's years. */
export const dayParam = (name: string) =>
  z.iso.date(`${name} must be a date like 2026-03-10`).refine(inShopYears, shopYearsMessage(name)).optional();

export const auditQuerySchema = z.object({
  actor: z.uuid('actor must be an admin id').optional(),
  entity: z.enum(AUDIT_ENTITIES, { message: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  entityId: plainText().trim().max(64, 'entityId is too long').optional(),
  from: dayParam('from'),
  to: dayParam('to'),
  page: pageParam,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.number().int(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), label: z.string() }),
  action: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const ADMIN_PAGE_SIZE = 50;

/** The paging fields of every back-office list answer. */
export const pagingShape = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };
