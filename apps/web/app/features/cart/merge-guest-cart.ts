import { toast } from '../../lib/toast';
import { ENHANCED_FIELD } from '../../lib/flash';

/**
 * Right after a login made by the page's scripts: moves the signed-out cart (the `guest_cart` cookie) into the
 * account through /cart/merge, which clears the cookie, and tells the shopper about every line capped by the stock.
 * When the call fails the cookie stays, to be merged at the next login. (A login posted as a form merges in its
 * action instead: guest-cart.server.ts mergeGuestCart.)
 */
export async function mergeGuestCartIntoAccount(): Promise<void> {
  const form = new FormData();
  form.set(ENHANCED_FIELD, '1');
  try {
    // A resource route's action answers plain JSON to fetch (React Router's data() outside its own requests).
    const response = await fetch('/cart/merge', { method: 'POST', body: form, headers: { accept: 'application/json' } });
    const answer = (await response.json().catch(() => null)) as { notices?: unknown } | null;
    if (!response.ok) throw new Error(String(response.status));
    const notices = Array.isArray(answer?.notices) ? answer.notices : [];
    for (const notice of notices) if (typeof notice === 'string') toast.warning(notice);
  } catch {
    toast.error('Your cart could not be moved to your account. It will be at your next login.');
  }
}
