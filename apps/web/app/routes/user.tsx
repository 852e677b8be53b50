import { Bell, Heart, LogOut, MapPin, Package, UserRound } from 'lucide-react';
import { NavLink, Outlet, redirect } from 'react-router';
import { paths } from '../config/paths';
import { currentUser } from '../lib/session.server';
import type { Route } from './+types/user';

/** Spec §2.5: only for a signed-in shopper; anyone else goes to '/' (on the server, so without JavaScript too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(request, context);
  if (!user) return redirect(paths.home);
  return { user };
}

export const meta: Route.MetaFunction = () => [{ title: 'My account' }, { name: 'robots', content: 'noindex' }];

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
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[17rem_1fr] lg:gap-10 lg:py-12">
      <aside>
        <div className="rounded-2xl border border-line bg-white p-4 lg:sticky lg:top-40">
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
          <nav aria-label="My account" className="mt-3">
            {SECTIONS.map((section) => (
              <div key={section.title ?? 'orders'} className="mt-2 first:mt-0">
                {section.title && (
                  <h2 className="px-3 pb-1 pt-3 font-sans text-xs font-semibold uppercase tracking-[0.16em] text-muted">{section.title}</h2>
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
