import { createHash, randomBytes } from 'node:crypto';

const DAY = 24 * 60 * 60 * 1000;

/** A random session or invite token for the browser or the link; only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const daysAfter = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY);

/**
 * Shopper and admin sessions slide: the expiry moves `days` ahead of now, but at most once a day, so reading a
 * session is not a write per request. Returns the new expiry, or null to keep the stored one.
 */
export function slidExpiry(expiresAt: Date, at: Date, days: number): Date | null {
  return expiresAt.getTime() - at.getTime() < days * DAY - DAY ? daysAfter(at, days) : null;
}
