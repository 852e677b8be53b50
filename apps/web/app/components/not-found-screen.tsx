import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { SHOP_TAGLINE } from '@shop/core';
import type { RootLoaderData } from '../root';
import { Logo } from './logo';

/**
 * Whether the page before this one is the shop's. React Router numbers the entries it made (state.idx);
 * a bad address opened directly is its first, and going back from it would leave for a blank page.
 */
function cameFromShop(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

/** Spec §2.2: logo, shop name, '404', 'Page Not Found', the tagline, 'Back to Home' and 'Go Back'. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  const settings = useRouteLoaderData<RootLoaderData>('root')?.settings;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center sm:py-24" aria-labelledby="not-found-title">
      <Logo src={settings?.logoUrl ?? '/logo.svg'} className="h-20 w-20" />
      <p className="mt-4 font-display text-xl text-wine-700">{settings?.name}</p>
      <p className="mt-8 font-display text-8xl font-semibold tracking-tight text-wine-700 sm:text-9xl">404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mt-4 text-muted">{settings?.tagline || SHOP_TAGLINE}</p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className="btn btn-primary">
          Back to Home
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => void (cameFromShop() ? navigate(-1) : navigate('/'))}>
          Go Back
        </button>
      </div>
    </section>
  );
}
