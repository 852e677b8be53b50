import { ShoppingBag } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../../components/enhanced';
import { loginThenReturnTo, paths } from '../../config/paths';

// Only a signed-out visitor who opens the cart needs the drawer's code.
const GuestCartDrawer = lazy(() => import('./guest-cart-drawer'));

/** 'Cart, 3 items': the name screen readers hear for the header's cart. */
export const cartLinkLabel = (count: number) => (count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`);

function Badge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-wine-700 px-1 text-[0.7rem] font-semibold text-white sm:right-auto sm:left-6"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The header's cart with its item count on every page, as the root loader read it (the account's cart, or the
 * signed-out cart's cookie). Signed in: a link to /user/cart. Signed out: a drawer that lists the cart and asks to
 * log in; before the scripts run (or without them), a link to log in and see the cart.
 */
export function CartLink({ signedIn, count, className }: { signedIn: boolean; count: number; className: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const content = (
    <>
      <ShoppingBag aria-hidden="true" className="h-5 w-5" />
      {/* Its name, 'Cart, 2 items', starts with what the link shows, 'Cart 2' (WCAG 2.5.3): the space keeps the two apart. */}
      <span className="hidden sm:inline">Cart</span> <Badge count={count} />
    </>
  );
  if (signedIn || !hydrated) {
    return (
      <Link to={signedIn ? paths.cart : loginThenReturnTo(paths.cart)} className={className} aria-label={cartLinkLabel(count)}>
        {content}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={className} aria-label={cartLinkLabel(count)} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {content}
      </button>
      {open && (
        <Suspense fallback={null}>
          <GuestCartDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
