import { privatePageMeta } from '../lib/meta';
import { Bell, ChevronDown, Heart, LogOut, MapPin, Menu, Package, UserRound } from 'lucide-react';
import { Form, NavLink, Outlet, useLocation } from 'react-router';
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

/** The account links, grouped as the spec's sidebar lists them, and Logout (a form post: it changes something). */
function AccountNav() {
  return (
    <nav aria-label="My account" className="lg:mt-3">
      {SECTIONS.map((section) => (
        <div key={section.title ?? 'orders'} className="mt-2 first:mt-0">
          {section.title && (
            <h2 className="block px-3 pb-1 pt-3 font-sans text-xs font-semibold uppercase tracking-[0.16em] text-muted">{section.title}</h2>
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
      <Form method="post" action={paths.userLogout} className="mt-3 border-t border-line pt-3">
        <button type="submit" className={`${LINK} w-full`}>
          <LogOut aria-hidden="true" className="h-4 w-4 shrink-0" />
          Logout
        </button>
      </Form>
    </nav>
  );
}

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const { pathname } = useLocation();
  const links: ReadonlyArray<{ label: string; to: string }> = SECTIONS.flatMap((section) => [...section.links]);
  const currentLabel = links.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`))?.label ?? 'My account';
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[17rem_1fr] lg:gap-10 lg:py-12 print:block print:p-0">
      <aside className="min-w-0 print:hidden">
        {/*
          Phones: the links are a native disclosure above the page (one tap away, Logout included), which opens
          without scripts. Keyed by the address, so it is closed again on every page.
        */}
        <details key={pathname} className="group lg:hidden">
          <summary className="flex min-h-12 w-full cursor-pointer list-none items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 text-left text-sm font-semibold [&::-webkit-details-marker]:hidden">
            <span className="flex min-w-0 items-center gap-2">
              <Menu aria-hidden="true" className="h-4 w-4 shrink-0 text-wine-700" />
              <span className="truncate">
                <span className="sr-only">Account menu: </span>
                {currentLabel}
              </span>
            </span>
            <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <div className="mt-2 rounded-2xl border border-line bg-white p-2">
            <AccountNav />
          </div>
        </details>
        {/* Large screens: a card with the same links beside the page. */}
        <div className="hidden rounded-2xl border border-line bg-white p-4 lg:sticky lg:top-40 lg:block">
          <div className="flex items-center gap-3 border-b border-line px-2 pb-4">
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
          <AccountNav />
        </div>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
