import { OWNER_ONLY, actorOf, requireOwner as refuseUnlessOwner, type AuditActor } from '@shop/core';
import { data, type RouterContextProvider } from 'react-router';
import { adminOf } from '../../context';

type Context = Readonly<RouterContextProvider>;

/** The signed-in admin as the audit log names her (under a layout whose middleware has decided who she is). */
export const adminActor = (context: Context): AuditActor => actorOf(adminOf(context));

/**
 * The signed-in owner as the audit log names her. Staff are refused as the API's owner scope refuses them (403,
 * OWNER_ONLY): for the changes the API keeps to owners (cancel, refund, block, invites,
 * accounts). The services refuse a staff actor themselves too (core's requireOwner, ADR 033).
 */
export function ownerActor(context: Context): AuditActor {
  const actor = adminActor(context);
  refuseUnlessOwner(actor);
  return actor;
}

/** For a loader of what only owners see (the audit log): staff get the API's refusal as the page (403, OWNER_ONLY). */
export function requireOwner(context: Context): void {
  if (adminOf(context).role !== 'owner') throw data({ error: OWNER_ONLY }, { status: 403 });
}
