import { privatePageMeta } from '../lib/meta';
import { Bell, ChevronDown, Heart, LogOut, MapPin, Menu, Package, UserRound } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { signedInShopper } from '../context';
import { requireShopper } from '../lib/page-middleware.server';
import type { Route } from './+types/user';

/** Spec §2.5: only for a signed-in shopper; anyone else goes to '/' (decided once, here, for every /user page). */
export const middleware: Route.MiddlewareFunction[] = [requireShopper];

export function loader({ context }: Route.LoaderArgs) {
  return { user: signedInShopper(context) };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('My Account', matches);

const SECTIONS = [
  { title: null, links: [{ label: 'My Orders', to: paths.userOrders, icon: Package }] },
  {
    title: 'Account Settings',
    links: [
      { label: 'Profile Information', to: paths.userProfile, icon: UserRound },
      { label: 'Manage Addresses', to: paths.userAddresses, icon: MapPin },
    ],
  },
  {
    title: 'My Stuff',
    links: [
      { label: 'All Notifications', to: paths.userNotifications, icon: Bell },
      { label: 'My Wishlist', to: paths.userWishlist, icon: Heart },
    ],
  },
] as const;

const LINK =
  'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium text-ink hover:bg-sand aria-[current=page]:bg-wine-50 aria-[current=page]:text-wine-700';

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const { pathname } = useLocation();
  // Phones: the links are a menu under a button (one tap away, Logout included), closed again on every page.
  // (Opened for one address: it is closed again on every other page.)
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const links: ReadonlyArray<{ label: string; to: string }> = SECTIONS.flatMap((section) => [...section.links]);
  const currentLabel = links.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`))?.label ?? 'My account';
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[17rem_1fr] lg:gap-10 lg:py-12 print:block print:p-0">
      <aside className="min-w-0 print:hidden">
        {/* A card with grouped links on large screens; on phones a menu button above the page opens the same links. */}
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="account-menu"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
          className="flex min-h-12 w-full items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 text-left text-sm font-semibold lg:hidden"
        >
          <span className="flex min-w-0 items-center gap-2">
            <Menu aria-hidden="true" className="h-4 w-4 shrink-0 text-wine-700" />
            <span className="truncate">
              <span className="sr-only">Account menu: </span>
              {currentLabel}
            </span>
          </span>
          <ChevronDown aria-hidden="true" className={`h-4 w-4 shrink-0 transition-transform ${menuOpen ? 'rotate-180' : ''}`} />
        </button>
        <div
          id="account-menu"
          className={`${menuOpen ? 'mt-2 block' : 'hidden'} rounded-2xl border border-line bg-white p-2 lg:sticky lg:top-40 lg:mt-0 lg:block lg:p-4`}
        >
          <div className="hidden items-center gap-3 border-b border-line px-2 pb-4 lg:flex">
            <span
              aria-hidden="true"
              className="flex h-11 w-11 items-center justify-center rounded-full bg-wine-700 font-display text-lg text-white"
            >
              {user.userFirstName.slice(0, 1).toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="text-xs text-muted">Hello,</p>
              <p className="truncate font-semibold">
                {user.userFirstName} {user.userLastName}
              </p>
            </div>
          </div>
          <nav aria-label="My account" className="lg:mt-3">
            {SECTIONS.map((section) => (
              <div key={section.title ?? 'orders'} className="mt-2 first:mt-0">
                {section.title && (
                  <h2 className="block px-3 pb-1 pt-3 font-sans text-xs font-semibold uppercase tracking-[0.16em] text-muted">
                    {section.title}
                  </h2>
                )}
                <ul>
                  {section.links.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className={LINK}>
                        <link.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <div className="mt-3 border-t border-line pt-3">
              <NavLink to={paths.userLogout} className={LINK}>
                <LogOut aria-hidden="true" className="h-4 w-4 shrink-0" />
                Logout
              </NavLink>
            </div>
          </nav>
        </div>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
