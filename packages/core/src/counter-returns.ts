import type { AdminRole } from './admin.js';
import { istDay } from './india-time.js';
import { formatINR } from './money.js';

/**
 * Who may hand money back at the counter (issue 40): staff up to `staffMaxPaise` a credit note and, with
 * `sameDayOnly`, only on a bill of the same India day; owners always. The owner's setting (Settings, `controls`),
 * which services.ts reads from the settings row; DEFAULT_COUNTER_RETURN_POLICY is its default.
 */
export interface CounterReturnPolicy {
  /** The most a staff member's credit note may refund; 0: staff issue none. */
  staffMaxPaise: number;
  /** Staff return pieces only of a bill made the same India day. */
  sameDayOnly: boolean;
}

/** The default: the owner does all returns. */
export const DEFAULT_COUNTER_RETURN_POLICY: CounterReturnPolicy = { staffMaxPaise: 0, sameDayOnly: true };

export const OWNER_DOES_RETURNS = 'Returns at the counter are done by the owner. Ask the owner to issue this credit note.';

const EARLIER_DAY = 'Returns at the counter are done by the owner for bills of an earlier day. Ask the owner to issue this credit note.';

/**
 * What the bill page tells a staff member about returning pieces of a bill made at `billAt`: whether she may at all
 * (else the page shows the note instead of the form) and in words what the owner's limits are.
 */
export function staffReturnNote(policy: CounterReturnPolicy, billAt: Date, at: Date): { allowed: boolean; note: string } {
  if (policy.staffMaxPaise <= 0) return { allowed: false, note: OWNER_DOES_RETURNS };
  if (policy.sameDayOnly && istDay(billAt) !== istDay(at)) return { allowed: false, note: EARLIER_DAY };
  const day = policy.sameDayOnly ? ' on the day of the bill' : '';
  return { allowed: true, note: `You can return up to ${formatINR(policy.staffMaxPaise)}${day}; above that the owner does the return.` };
}

/** Why this return needs the owner, in words; null when `role` may issue it. */
export function counterReturnRefusal(
  policy: CounterReturnPolicy,
  role: AdminRole,
  return_: { billAt: Date; refundPaise: number; at: Date },
): string | null {
  if (role === 'owner') return null;
  if (policy.staffMaxPaise <= 0) return OWNER_DOES_RETURNS;
  if (policy.sameDayOnly && istDay(return_.billAt) !== istDay(return_.at)) return EARLIER_DAY;
  if (return_.refundPaise > policy.staffMaxPaise) {
    return `Returns at the counter are done by the owner above ${formatINR(policy.staffMaxPaise)}. Ask the owner to issue this credit note.`;
  }
  return null;
}
