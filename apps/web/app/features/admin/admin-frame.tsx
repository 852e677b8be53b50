import type { PublicAdmin } from '@shop/core';
import {
  ArrowLeft,
  BarChart3,
  CalendarRange,
  ClipboardList,
  FileMinus,
  FolderTree,
  LayoutDashboard,
  Inbox,
  Landmark,
  LogOut,
  Megaphone,
  Menu,
  MessageSquareText,
  Package,
  ReceiptIndianRupee,
  ScrollText,
  Settings,
  Shirt,
  TicketPercent,
  TrendingUp,
  UserRound,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Form, Link, NavLink, useLocation, useNavigate, useNavigation, useRouteLoaderData } from 'react-router';
import { useHydrated } from '../../components/enhanced';
import { Logo } from '../../components/logo';
import { useModalDialog } from '../../lib/use-modal';
import type { RootLoaderData } from '../../root';
import { adminPaths } from './admin-paths';
import { Chip } from '../../components/chip';

/** Numbers the sidebar shows beside its links: contact messages waiting for an answer. */
export interface SidebarCounts {
  messages: number;
}

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  ownerOnly?: boolean;
  /** Shown beside the link when not zero, with what it counts for screen readers. */
  count?: { of: keyof SidebarCounts; meaning: string };
}

/** Spec §2.11's sidebar links, plus orders, contact messages and the audit log, grouped the way the owner works. */
const SECTIONS: readonly { title: string; items: readonly NavItem[] }[] = [
  {
    title: 'Shop',
    items: [
      { label: 'Dashboard', to: adminPaths.dashboard, icon: LayoutDashboard },
      { label: 'Orders', to: adminPaths.orders, icon: Package },
      { label: 'Messages', to: adminPaths.messages, icon: Inbox, count: { of: 'messages', meaning: 'waiting' } },
      { label: 'Reviews', to: adminPaths.reviews, icon: MessageSquareText },
      { label: 'Announcements', to: adminPaths.announcements, icon: Megaphone },
      { label: 'Coupons & offers', to: adminPaths.coupons, icon: TicketPercent },
      { label: 'Products', to: adminPaths.products, icon: Shirt },
      { label: 'Categories', to: adminPaths.categories, icon: FolderTree },
      { label: 'Users', to: adminPaths.users, icon: Users },
    ],
  },
  {
    title: 'Billing',
    items: [
      { label: 'Billing', to: adminPaths.billing, icon: ReceiptIndianRupee },
      { label: 'Total Bills', to: adminPaths.totalBills, icon: ClipboardList },
      { label: 'Credit Notes', to: adminPaths.creditNotes, icon: FileMinus },
    ],
  },
  {
    title: 'Reports',
    items: [
      { label: 'Sales', to: adminPaths.sales, icon: TrendingUp, ownerOnly: true },
      { label: 'Weekly Selling', to: adminPaths.weeklySelling, icon: BarChart3, ownerOnly: true },
      { label: 'Monthly Selling', to: adminPaths.monthlySelling, icon: CalendarRange, ownerOnly: true },
      { label: 'GST returns', to: adminPaths.gstReturns, icon: Landmark, ownerOnly: true },
    ],
  },
  {
    title: 'Account',
    items: [
      { label: 'Profile', to: adminPaths.profile, icon: UserRound },
      { label: 'Audit log', to: adminPaths.audit, icon: ScrollText, ownerOnly: true },
      { label: 'Settings', to: adminPaths.settings, icon: Settings, ownerOnly: true },
    ],
  },
];

const LINK =
  'flex items-center gap-3 rounded-xl px-3 text-sm font-medium text-white/80 hover:bg-white/10 hover:text-white aria-[current=page]:bg-white aria-[current=page]:text-wine-800';

function SidebarContent({
  admin,
  counts,
  onNavigate,
  dense = false,
}: {
  admin: PublicAdmin;
  counts: SidebarCounts;
  onNavigate?: () => void;
  /**
   * The wide screen's sidebar, used with a pointer: 32 px rows (above WCAG's 24 px target), so every item fits a
   * 1440×900 window (issue 40), Coupons & offers and Credit Notes too (issues 41, 43).
   */
  dense?: boolean;
}) {
  const settings = useRouteLoaderData<RootLoaderData>('root')?.settings;
  // Touch (the drawer) keeps 44 px rows.
  const link = `${LINK} ${dense ? 'min-h-8' : 'min-h-11'}`;
  return (
    <div className="flex h-full flex-col">
      <Link to={adminPaths.dashboard} onClick={onNavigate} className={`flex items-center gap-3 px-3 ${dense ? 'py-1' : 'py-2'}`}>
        <Logo src={settings?.logoUrl ?? '/logo.svg'} className="h-10 w-10 bg-white" />
        <span className="min-w-0">
          <span className="block truncate font-display text-lg leading-tight text-white">{settings?.name ?? 'Shop'}</span>
          <span className="block text-xs uppercase tracking-[0.16em] text-gold-400">Admin panel</span>
        </span>
      </Link>
      {/* Every item fits a 1440×900 window in the dense rows, Settings below Credit Notes (issue 43) too (issue 40:
          Profile and Audit log were below the fold of a list that scrolled with no scrollbar in sight); a shorter
          window scrolls the list alone, and a link reached by keyboard scrolls into view in it. */}
      <nav
        aria-label="Admin"
        className={`min-h-0 flex-1 overflow-y-auto overscroll-contain ${dense ? 'mt-2 space-y-1.5' : 'mt-4 space-y-4'}`}
      >
        {SECTIONS.map((section) => {
          const items = section.items.filter((item) => !item.ownerOnly || admin.role === 'owner');
          return (
            <div key={section.title}>
              <h2
                className={`px-3 font-sans text-[0.7rem] font-semibold uppercase tracking-[0.16em] text-white/60 ${dense ? 'pb-0.5' : 'pb-1'}`}
              >
                {section.title}
              </h2>
              <ul>
                {items.map((item) => {
                  const count = item.count ? counts[item.count.of] : 0;
                  return (
                    <li key={item.to}>
                      <NavLink to={item.to} onClick={onNavigate} className={`${link} group`}>
                        <item.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                        {item.label}
                        {count > 0 && (
                          <span className="ml-auto rounded-full bg-gold-400 px-2 py-0.5 text-xs font-semibold tabular-nums text-wine-800 group-aria-[current=page]:bg-wine-700 group-aria-[current=page]:text-white">
                            <span className="sr-only">, </span>
                            {count.toLocaleString('en-IN')}
                            <span className="sr-only"> {item.count?.meaning}</span>
                          </span>
                        )}
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className={`border-t border-white/15 ${dense ? 'mt-2 pt-2' : 'mt-4 pt-4'}`}>
        <div className="flex items-center gap-3 px-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gold-400 font-semibold text-wine-800"
          >
            {admin.adminName.slice(0, 1).toUpperCase()}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-white">{admin.adminName}</span>
            <span className="block truncate text-xs text-white/70">{admin.adminEmail}</span>
          </span>
        </div>
        <Form method="post" action={adminPaths.logout} className={dense ? 'mt-1' : 'mt-3'}>
          <button type="submit" className={`${link} w-full`}>
            <LogOut aria-hidden="true" className="h-4 w-4 shrink-0" />
            Logout
          </button>
        </Form>
      </div>
    </div>
  );
}

const MENU_BUTTON = '-ml-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-sand lg:hidden';
const DRAWER = 'fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] bg-wine-800 p-4';

/**
 * The phone and tablet menu: the sidebar in a drawer from the left. Before the scripts run (or without them) a
 * native disclosure opens it; after, the browser's own modal <dialog>.
 */
function MenuDrawer({ admin, counts }: { admin: PublicAdmin; counts: SidebarCounts }) {
  return useHydrated() ? <MenuDialog admin={admin} counts={counts} /> : <MenuDisclosure admin={admin} counts={counts} />;
}

/** The server's HTML: `<details>` whose summary opens the drawer; its close link reloads the page as it was. */
function MenuDisclosure({ admin, counts }: { admin: PublicAdmin; counts: SidebarCounts }) {
  const { pathname, search } = useLocation();
  return (
    <details className="lg:hidden">
      <summary aria-label="Open menu" className={`${MENU_BUTTON} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <Menu aria-hidden="true" className="h-6 w-6" />
      </summary>
      <div role="group" aria-label="Admin menu" className={`${DRAWER} z-30 overflow-y-auto shadow-xl`}>
        <a
          href={pathname + search}
          className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full text-white hover:bg-white/10"
          aria-label="Close menu"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </a>
        <SidebarContent admin={admin} counts={counts} />
      </div>
    </details>
  );
}

/** Once the scripts run: the drawer on the browser's own modal <dialog>. */
function MenuDialog({ admin, counts }: { admin: PublicAdmin; counts: SidebarCounts }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, open);
  return (
    <>
      <button type="button" className={MENU_BUTTON} aria-label="Open menu" aria-expanded={open} onClick={() => setOpen(true)}>
        <Menu aria-hidden="true" className="h-6 w-6" />
      </button>
      <dialog
        ref={ref}
        aria-label="Admin menu"
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === ref.current && setOpen(false)}
        className={`${DRAWER} backdrop:bg-ink/50 lg:hidden`}
      >
        <button
          type="button"
          className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full text-white hover:bg-white/10"
          aria-label="Close menu"
          onClick={() => setOpen(false)}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
        {open && <SidebarContent admin={admin} counts={counts} onNavigate={() => setOpen(false)} />}
      </dialog>
    </>
  );
}

/** The back-office frame (spec §2.11): sidebar on a wide screen, a top bar with the menu and Back everywhere. */
export function AdminFrame({ admin, counts, children }: { admin: PublicAdmin; counts: SidebarCounts; children: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const loading = navigation.state === 'loading';
  return (
    // Printed (a report), the page's own content alone: no sidebar, top bar or menu (issue 40).
    <div className="min-h-dvh bg-ivory lg:grid lg:grid-cols-[16rem_1fr] print:block print:min-h-0 print:bg-white">
      <aside className="hidden bg-wine-800 lg:block print:hidden">
        <div className="sticky top-0 h-dvh p-4">
          <SidebarContent admin={admin} counts={counts} dense />
        </div>
      </aside>
      <div className="min-w-0">
        <div className="sticky top-0 z-20 border-b border-line bg-ivory/95 backdrop-blur print:hidden">
          <div className="flex min-h-14 items-center gap-2 px-4 sm:px-6 lg:px-8">
            <MenuDrawer admin={admin} counts={counts} />
            {/* Back walks the browser's history, which only the scripts can do: the browser's own Back does it before. */}
            {hydrated && (
              <button
                type="button"
                onClick={() => void navigate(-1)}
                className="flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-medium hover:bg-sand"
              >
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                Back
              </button>
            )}
            <span className="ml-1 hidden truncate font-display text-base text-wine-700 min-[400px]:inline lg:hidden">Admin Panel</span>
            <div className="ml-auto flex items-center gap-2">
              {loading && (
                <span role="status" className="text-sm text-muted">
                  Loading...
                </span>
              )}
              <Chip tone={admin.role === 'owner' ? 'info' : 'neutral'}>{admin.role === 'owner' ? 'Owner' : 'Staff'}</Chip>
            </div>
          </div>
          <div
            aria-hidden="true"
            className={`h-0.5 bg-wine-600 transition-all duration-500 ${loading ? 'w-2/3 opacity-100' : 'w-0 opacity-0'}`}
          />
        </div>
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0">{children}</div>
      </div>
    </div>
  );
}
