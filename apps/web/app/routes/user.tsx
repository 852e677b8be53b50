import { privatePageMeta } from '../lib/meta';
import { Bell, Heart, LogOut, MapPin, Package, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { requireUser } from '../lib/require-user.server';
import type { Route } from './+types/user';

/** Spec §2.5: only for a signed-in shopper; anyone else goes to '/'. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) };
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
  'flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-sand aria-[current=page]:border-wine-100 aria-[current=page]:bg-wine-50 aria-[current=page]:text-wine-700 lg:gap-3 lg:rounded-xl lg:border-0 lg:bg-transparent lg:px-3';

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On phones the links are one scrolling row: bring the current page's link into view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav.current && current) nav.current.scrollLeft = current.offsetLeft - (nav.current.clientWidth - current.clientWidth) / 2;
  }, [pathname]);
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[17rem_1fr] lg:gap-10 lg:py-12 print:block print:p-0">
      <aside className="min-w-0 print:hidden">
        {/* A card with grouped links on large screens; one row of scrolling links above the page on phones. */}
        <div className="lg:sticky lg:top-40 lg:rounded-2xl lg:border lg:border-line lg:bg-white lg:p-4">
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
          <nav
            ref={nav}
            aria-label="My account"
            className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] lg:mx-0 lg:mt-3 lg:block lg:px-0 lg:pb-0"
          >
            {SECTIONS.map((section) => (
              <div key={section.title ?? 'orders'} className="contents lg:mt-2 lg:block lg:first:mt-0">
                {section.title && (
                  <h2 className="sr-only lg:not-sr-only lg:block lg:px-3 lg:pb-1 lg:pt-3 lg:font-sans lg:text-xs lg:font-semibold lg:uppercase lg:tracking-[0.16em] lg:text-muted">
                    {section.title}
                  </h2>
                )}
                <ul className="contents lg:block">
                  {section.links.map((link) => (
                    <li key={link.to} className="shrink-0">
                      <NavLink to={link.to} className={LINK}>
                        <link.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <div className="shrink-0 lg:mt-3 lg:border-t lg:border-line lg:pt-3">
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
