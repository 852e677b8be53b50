import { emailField, type AuditEntity } from '@shop/core';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { ConfigError } from '../config.js';
import type { Db } from '../db/database.js';
import type { IdentityKind } from './identity.js';
import { accountIdByEmail, deleteSessions } from './queries.js';

// `npm run sessions:end`: signs everybody out (--all), or one address (--email), shopper and staff alike, in one
// audited transaction. Sessions live in the database (ADR 025), so this, not a new SESSION_SECRET, is how a
// stolen cookie or a lost phone is shut out.

export const SESSIONS_END_USAGE = 'usage: npm run sessions:end -- --all | --email <address>';

/** A kind of account whose sessions the command ends, and how the audit log and the answer name it. */
export interface SignedInKind {
  /** 'shopper', 'staff' */
  name: string;
  entity: Extract<AuditEntity, 'user' | 'admin'>;
  kind: Pick<IdentityKind<{ id: string; email: string; passwordHash: string }>, 'sessions' | 'accounts'>;
}

export type SessionsEndTarget = { all: true } | { email: string };

/** --all or --email, exactly one; the address as accounts store it (trimmed, lower case). */
export function sessionsEndTarget(values: { all?: boolean; email?: string }): SessionsEndTarget {
  if (values.all && values.email !== undefined) throw new ConfigError(`choose --all or --email, not both (${SESSIONS_END_USAGE})`);
  if (values.all) return { all: true };
  if (values.email === undefined) throw new ConfigError(`say whom to sign out: --all, or --email <address> (${SESSIONS_END_USAGE})`);
  const email = emailField('--email: an e-mail address is required').safeParse(values.email);
  if (!email.success) throw new ConfigError(`--email: ${email.error.issues[0]!.message} (${SESSIONS_END_USAGE})`);
  return { email: email.data };
}

export interface EndedSessions {
  /** Unexpired sessions ended, per kind's name. */
  byKind: Record<string, number>;
  total: number;
}

/**
 * Ends the sessions `target` names in one transaction, with one audit entry per account (--email) or one for all
 * (--all). An address no account of any kind has is refused, and nothing is written.
 */
export async function endSessions(
  db: Db,
  kinds: readonly SignedInKind[],
  target: SessionsEndTarget,
  options: { actor: AuditActor; now: () => Date },
): Promise<EndedSessions> {
  const at = options.now();
  return db.transaction(async (tx) => {
    const byKind: Record<string, number> = {};
    if ('all' in target) {
      for (const { name, kind } of kinds) byKind[name] = await deleteSessions(tx, kind.sessions, at);
      // One field a kind: the audit page shows 'Shopper sessions ended: 12'.
      const after = Object.fromEntries(Object.entries(byKind).map(([name, n]) => [`${name}SessionsEnded`, n]));
      await recordAudit(tx, options.actor, { action: 'session.end_all', entity: 'session', entityId: 'all', after }, at);
    } else {
      for (const { name, entity, kind } of kinds) {
        const accountId = await accountIdByEmail(tx, kind.accounts, target.email);
        if (accountId === undefined) continue;
        byKind[name] = await deleteSessions(tx, kind.sessions, at, accountId);
        await recordAudit(
          tx,
          options.actor,
          {
            action: `${entity}.sessions_end`,
            entity,
            entityId: accountId,
            after: { email: target.email, sessionsEnded: byKind[name] },
          },
          at,
        );
      }
      if (Object.keys(byKind).length === 0) {
        throw new ConfigError(`--email: no ${kinds.map((kind) => kind.name).join(' or ')} account has the address ${target.email}`);
      }
    }
    return { byKind, total: Object.values(byKind).reduce((sum, n) => sum + n, 0) };
  });
}

/** 'Ended 3 sessions of everybody (2 shopper, 1 staff); they must sign in again.' */
export function describeEnded(target: SessionsEndTarget, ended: EndedSessions): string {
  const whose = 'all' in target ? 'of everybody' : `of ${target.email}`;
  const parts = Object.entries(ended.byKind).map(([name, n]) => `${n} ${name}`);
  const then = ended.total > 0 ? '; they must sign in again' : '';
  return `Ended ${ended.total} session${ended.total === 1 ? '' : 's'} ${whose} (${parts.join(', ')})${then}.`;
}
