import { AppError, OWNER_ONLY, actorOf, type AuditActor } from '@shop/core';
import { data, type RouterContextProvider } from 'react-router';
import { adminOf } from '../../context';

type Context = Readonly<RouterContextProvider>;

/** The signed-in admin as the audit log names her (under a layout whose middleware has decided who she is). */
export const adminActor = (context: Context): AuditActor => actorOf(adminOf(context));

/**
 * The signed-in owner as the audit log names her. Staff are refused as the API's owner scope refuses them (403,
 * OWNER_ONLY): for the changes the API keeps to owners (cancel, refund, block, invites, accounts) and the pages
 * that show what only owners see (the audit log).
 */
export function ownerActor(context: Context): AuditActor {
  const admin = adminOf(context);
  if (admin.role !== 'owner') throw new AppError('NOT_ALLOWED', OWNER_ONLY);
  return actorOf(admin);
}

/** For a loader of what only owners see (the audit log): staff get the API's refusal as the page (403, OWNER_ONLY). */
export function requireOwner(context: Context): void {
  if (adminOf(context).role !== 'owner') throw data({ error: OWNER_ONLY }, { status: 403 });
}
