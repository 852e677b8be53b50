import { DISPATCH_HOURS, rupeesCompact, SHIPPING, type PublicUser, type ShopSettings } from '@shop/core';
import { Bell, Search, UserRound } from 'lucide-react';
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
  'relative flex min-h-11 min-w-10 items-center justify-center gap-2 rounded-full px-1.5 text-sm font-medium text-ink hover:bg-sand sm:min-w-11 sm:px-3';

/** Site header: promise strip, logo and name, search, account (the shopper's first name) and cart, section links. */
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
  const [compact, setCompact] = useCompactHeader();
  const openSearch = () => {
    setCompact(false);
    // After the header has opened; without scrolling, which would fold it again.
    requestAnimationFrame(() => document.getElementById('site-search')?.focus({ preventScroll: true }));
  };
  return (
    <header
      data-compact={compact || undefined}
      className="site-header sticky top-0 z-30 border-b border-line bg-ivory/95 backdrop-blur supports-[backdrop-filter]:bg-ivory/85"
    >
      <p className="site-header-strip bg-wine-800 px-4 py-1.5 text-center text-xs tracking-wide text-white">
        Free shipping on orders of {rupeesCompact(SHIPPING.freeShippingFromPaise)} or more
        <span className="hidden sm:inline">
          {' '}
          · Dispatched within {DISPATCH_HOURS.min}–{DISPATCH_HOURS.max} hours
        </span>
      </p>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 sm:gap-y-3 sm:px-6 sm:py-3 lg:flex-nowrap lg:gap-8">
        <Link to={paths.home} className="flex min-w-0 items-center gap-3" aria-label={`${settings.name} home`}>
          <Logo src={settings.logoUrl} />
          <span className="truncate font-display text-xl font-semibold tracking-tight text-wine-800 sm:text-2xl">{settings.name}</span>
        </Link>

        <nav aria-label="Account" className="ml-auto flex items-center sm:gap-1 lg:order-3">
          {/* Phones, header scrolled away: the search field is hidden, this brings it back. */}
          <button
            type="button"
            onClick={openSearch}
            className={`site-header-search-icon ${ACCOUNT_LINK}`}
            aria-label="Open search"
            tabIndex={compact ? 0 : -1}
          >
            <Search aria-hidden="true" className="h-5 w-5" />
          </button>
          {user ? (
            <>
              <Link
                to={paths.userNotifications}
                className={ACCOUNT_LINK}
                aria-label={unreadNotifications > 0 ? `Notifications, ${unreadNotifications} unread` : 'Notifications'}
              >
                <Bell aria-hidden="true" className="h-5 w-5" />
                {unreadNotifications > 0 && (
                  <span
                    aria-hidden="true"
                    className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-wine-700 px-1 text-[0.7rem] font-semibold text-white"
                  >
                    {unreadNotifications > 99 ? '99+' : unreadNotifications}
                  </span>
                )}
              </Link>
              <Link to={paths.account} className={ACCOUNT_LINK} aria-label={`My account, ${user.userFirstName}`}>
                <UserRound aria-hidden="true" className="hidden h-5 w-5 sm:block" />
                <span aria-hidden="true" className="max-w-14 truncate sm:max-w-32">
                  {user.userFirstName}
                </span>
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

        <SearchBox />
      </div>
      <nav aria-label="Sections" className="border-t border-line/70">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-3 text-sm sm:px-5 [scrollbar-width:none]">
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
