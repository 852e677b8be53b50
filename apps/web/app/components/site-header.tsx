import { DISPATCH_HOURS, rupeesCompact, SHIPPING, type PublicUser, type ShopSettings } from '@shop/core';
import { Bell, UserRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { CartLink } from '../features/cart/cart-link';
import { SearchBox } from '../features/catalogue/search-box';
import { Logo } from './logo';
import { useCompactHeader } from './use-compact-header';

/** 'Offers' means discounted pieces everywhere (the landing page's 'See all offers' too); announcements are in the footer. */
const NAV = [
  { label: 'Traditional', to: `${paths.filter}?style=traditional` },
  { label: 'Modern', to: `${paths.filter}?style=modern` },
  { label: 'New arrivals', to: `${paths.filter}?sort=newest` },
  { label: 'Offers', to: paths.offers },
  { label: 'Contact', to: paths.contact },
];

/**
 * The one section link the current address belongs to: the first whose path matches and whose every
 * parameter the address carries ('/filter?style=modern&size=M' is Modern). NavLink would mark all three
 * /filter links at once, as it compares paths only.
 */
export function currentSection(pathname: string, search: string): string | undefined {
  const params = new URLSearchParams(search);
  return NAV.find((item) => {
    const link = new URL(item.to, 'http://shop');
    if (link.pathname !== pathname) return false;
    return [...link.searchParams].every(([key, value]) => params.getAll(key).includes(value));
  })?.label;
}

const ACCOUNT_LINK =
  'relative flex min-h-11 min-w-10 shrink-0 items-center justify-center gap-2 rounded-full px-1.5 text-sm font-medium text-ink hover:bg-sand sm:min-w-11 sm:px-3';

/**
 * Site header: promise strip, logo and name, search, account (the shopper's first name) and cart, section links.
 * Phones (below 640 px) put the logo, the search field and the account and cart icons on one row, so the whole
 * header is under 120 px at the top of a page and, scrolled down, only that 52 px row stays (app.css, `[data-compact]`):
 * search, account and cart are always at hand. Without scripts the header never folds and stays under 120 px.
 */
export function SiteHeader({
  settings,
  user,
  unreadNotifications,
  cartCount,
}: {
  settings: ShopSettings;
  user: PublicUser | null;
  unreadNotifications: number;
  /** Pieces in the signed-in shopper's cart; a signed-out visitor's come from the browser. */
  cartCount: number;
}) {
  const location = useLocation();
  const current = currentSection(location.pathname, location.search);
  const [compact] = useCompactHeader();
  const unread = unreadNotifications > 99 ? '99+' : String(unreadNotifications);
  return (
    <header
      data-compact={compact || undefined}
      className="site-header sticky top-0 z-30 border-b border-line bg-ivory/95 backdrop-blur supports-[backdrop-filter]:bg-ivory/85"
    >
      <p className="site-header-strip bg-wine-800 px-4 py-1 text-center text-xs leading-4 tracking-wide text-white sm:py-1.5">
        Free shipping on orders of {rupeesCompact(SHIPPING.freeShippingFromPaise)} or more
        <span className="hidden sm:inline">
          {' '}
          · Dispatched within {DISPATCH_HOURS.min}–{DISPATCH_HOURS.max} hours
        </span>
      </p>
      <div className="site-header-row relative mx-auto flex max-w-7xl items-center gap-2 px-3 py-1 sm:flex-wrap sm:gap-y-3 sm:px-6 sm:py-3 lg:flex-nowrap lg:gap-8">
        <Link
          to={paths.home}
          className="flex min-h-11 shrink-0 items-center gap-3 sm:min-w-0 sm:shrink"
          aria-label={`${settings.name} home`}
        >
          <Logo src={settings.logoUrl} className="h-9 w-9 sm:h-10 sm:w-10" />
          <span className="hidden truncate font-display text-2xl font-semibold tracking-tight text-wine-800 sm:block">{settings.name}</span>
        </Link>

        <SearchBox />

        <nav aria-label="Account" className="flex shrink-0 items-center sm:ml-auto sm:gap-1">
          {user ? (
            <>
              <Link
                to={paths.userNotifications}
                className={ACCOUNT_LINK}
                aria-label={unreadNotifications > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
              >
                <Bell aria-hidden="true" className="h-5 w-5" />
                {unreadNotifications > 0 && (
                  <span
                    aria-hidden="true"
                    className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-wine-700 px-1 text-[0.7rem] font-semibold text-white"
                  >
                    {unread}
                  </span>
                )}
              </Link>
              {/* The visible first name is part of the link's name (WCAG 2.5.3); phones show the icon alone. */}
              <Link to={paths.account} className={ACCOUNT_LINK} aria-label={`My account, ${user.userFirstName}`}>
                <UserRound aria-hidden="true" className="h-5 w-5" />
                <span className="hidden max-w-32 truncate sm:block">{user.userFirstName}</span>
              </Link>
            </>
          ) : (
            <Link to={paths.login} className={ACCOUNT_LINK}>
              <UserRound aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only sm:not-sr-only">Login</span>
            </Link>
          )}
          <CartLink signedIn={user !== null} count={cartCount} className={ACCOUNT_LINK} />
        </nav>
      </div>
      <nav aria-label="Sections" className="border-t border-line/70">
        {/* On a phone the links run past the edge: the row fades there while more is to come (app.css). */}
        <ul className="site-sections mx-auto flex max-w-7xl gap-1 overflow-x-auto px-3 text-sm sm:px-5 [scrollbar-width:none]">
          {NAV.map((item) => (
            <li key={item.label} className="shrink-0">
              <Link
                to={item.to}
                aria-current={item.label === current ? 'page' : undefined}
                className="inline-flex min-h-10 items-center px-3 font-medium text-muted hover:text-wine-700 aria-[current=page]:text-wine-700"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
