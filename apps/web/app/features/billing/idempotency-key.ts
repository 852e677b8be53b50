// The key that makes saving one bill safe to retry (ADR 033): 128 random bits as 32 hex digits. From
// getRandomValues, which browsers give on any page (randomUUID only on https or localhost, and a shop's counter may
// open the back-office over plain http on the shop's own network); Node has it too, for the page's form.

/** A new Idempotency-Key for one bill. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
