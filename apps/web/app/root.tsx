import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorScreen } from './components/error-screen';
import { NotFoundScreen } from './components/not-found-screen';
import { SiteFooter } from './components/site-footer';
import { Toasts } from './components/toasts';
import { SiteHeader } from './components/site-header';
import { RouteFocus } from './components/route-focus';
import { SessionCheck } from './features/accounts/session-check';
import { isAdminPath } from './features/admin/admin-paths';
import { useNonce } from './lib/nonce';
import { ScriptsAfterPaint } from './lib/scripts-after-paint';
import { pageOf, servicesOf, shopperOf } from './context';
import { guestCartCount } from './features/cart/guest-cart';
import { readGuestCart } from './features/cart/guest-cart.server';
import { FlashMessage } from './components/flash-message';
import { flashContext, rootMiddleware } from './lib/page-middleware.server';
import { STYLESHEETS, stylePartOf } from './stylesheets';
import { PageStyles } from './lib/inline-stylesheet';
import headingFont from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';

// Who is signed in and the last form's message, once per request for every loader below (ADR 026).
export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const user = shopperOf(context);
  const [settings, unreadNotifications, cartCount, wishlist] = await Promise.all([
    services.settings.get(),
    user ? services.notifications.unreadCount(user._id) : 0,
    // Signed out: the pieces in the guest_cart cookie.
    user ? services.cart.get(user._id).then((cart) => cart.itemCount) : guestCartCount(readGuestCart(request)),
    user ? services.wishlist.productIds(user._id) : [],
  ]);
  return {
    settings,
    publicUrl: pageOf(context).publicUrl,
    mediaBase: services.media.baseUrl,
    user,
    unreadNotifications,
    cartCount,
    wishlist,
    flash: context.get(flashContext),
  };
}
export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export const links: LinksFunction = () => [
  // Built pages carry their part's stylesheet inline (PageStyles); the development server serves the back-office's,
  // which has every file's rules, as a file.
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: STYLESHEETS.admin }] : []),
  // The headings' font (app.css), fetched with the page rather than after the stylesheet is read.
  { rel: 'preload', href: headingFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<RootLoaderData>('root');
  // The back-office has its own frame: no shop header, footer or shopper session check there. Printable
  // invoices stand alone too: the page is the paper.
  const { pathname } = useLocation();
  const data = isAdminPath(pathname) || pathname.startsWith('/invoice/') ? undefined : root;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#761c3a" />
        <Meta />
        {!import.meta.env.DEV && <PageStyles part={stylePartOf(pathname)} hrefs={STYLESHEETS} />}
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {data && (
          <SiteHeader settings={data.settings} user={data.user} unreadNotifications={data.unreadNotifications} cartCount={data.cartCount} />
        )}
        <main id="main" className="flex-1">
          <FlashMessage flash={root?.flash ?? null} />
          {children}
        </main>
        {/* react-toastify 11 injects its own stylesheet on the client; no CSS import needed. */}
        <Toasts />
        {data && <SiteFooter settings={data.settings} />}
        {data && <SessionCheck userId={data.user?._id ?? null} />}
        {/* The shop's pages: after a navigation the focus goes to the new page's heading. */}
        {data && <RouteFocus />}
        <ScrollRestoration nonce={nonce} />
        <ScriptsAfterPaint nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  // A 4xx thrown with its words (loaderCall, postedForm: a form too large is 413) says them; a 5xx never says more.
  const said = isRouteErrorResponse(error) && error.status < 500 ? (error.data as { error?: unknown } | null)?.error : undefined;
  return <ErrorScreen message={typeof said === 'string' ? said : null} />;
}
