import { istDate } from '@shop/core';
import { ArrowRight, Megaphone, Newspaper, Sparkles, Tag } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import { paths } from '../config/paths';
import { pageMeta } from '../lib/meta';
import type { RootLoaderData } from '../root';
import { Breadcrumbs } from '../components/breadcrumbs';
import type { Route } from './+types/announcements';
import { servicesOf } from '../context';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: 'Offers & announcements',
      description: 'Current offers, new collections and news from our boutique: sarees, kurtis, lehengas and modern women’s wear.',
      path: paths.notifications,
    },
    matches,
  );

export async function loader({ context }: Route.LoaderArgs) {
  return { announcements: await servicesOf(context).announcements.listPublished(new Date()) };
}

type Kind = Awaited<ReturnType<typeof loader>>['announcements'][number]['kind'];

const KINDS: Record<Kind, { label: string; cta: string; icon: typeof Tag; badge: string; accent: string }> = {
  offer: { label: 'Offer', cta: 'Shop now', icon: Tag, badge: 'bg-wine-700 text-white', accent: 'bg-wine-700' },
  collection: {
    label: 'New collection',
    cta: 'Shop now',
    icon: Sparkles,
    badge: 'bg-gold-400/25 text-[#6b4f17] ring-1 ring-inset ring-gold-400/60',
    accent: 'bg-gold-400',
  },
  news: { label: 'News', cta: 'Read more', icon: Newspaper, badge: 'bg-sand text-ink ring-1 ring-inset ring-line', accent: 'bg-line' },
};

// A fixed date in the shop's time zone: the server and every browser print the same text (no hydration mismatch).

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const shop = useRouteLoaderData<RootLoaderData>('root')!.settings;
  const { announcements } = loaderData;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <Breadcrumbs current="Offers & announcements" />

      <header className="mt-6 max-w-2xl">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-600">What’s new at {shop.name}</p>
        <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">Offers & announcements</h1>
        <p className="mt-4 text-lg text-muted">Sales, fresh collections and news from the boutique, newest first.</p>
      </header>

      {announcements.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
          <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-wine-50 text-wine-700">
            <Megaphone className="h-6 w-6" />
          </span>
          <p className="mt-4 text-lg font-medium">No announcements right now. Check back soon!</p>
          <Link to={paths.filter} className="btn btn-primary mt-6">
            Browse the collection
          </Link>
        </div>
      ) : (
        <ol className="mt-8 grid gap-5 md:grid-cols-2 lg:mt-10 lg:gap-6">
          {announcements.map((item, position) => {
            const kind = KINDS[item.kind];
            const Icon = kind.icon;
            const featured = position === 0;
            const titleId = `announcement-${item._id}`;
            return (
              <li key={item._id} className={featured ? 'md:col-span-2' : undefined}>
                <article
                  aria-labelledby={titleId}
                  className={`relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white p-6 sm:p-7 ${
                    featured ? 'bg-gradient-to-br from-white via-white to-wine-50 lg:p-9' : ''
                  }`}
                >
                  <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${kind.accent}`} />
                  {featured && (
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute -bottom-36 -right-16 hidden h-72 w-72 rounded-full border-[24px] border-gold-400/20 md:block"
                    />
                  )}
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span
                      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold tracking-wide ${kind.badge}`}
                    >
                      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
                      {kind.label}
                      {/* Issue 28: an offer's promise is its saved filter's minimum, what every piece it opens carries. */}
                      {item.offerMinDiscount !== null && <span className="font-normal">· {item.offerMinDiscount}% off or more</span>}
                    </span>
                    <time dateTime={item.publishedAt} className="text-sm text-muted">
                      {istDate(new Date(item.publishedAt))}
                    </time>
                  </div>
                  <h2 id={titleId} className={`mt-4 font-semibold ${featured ? 'text-2xl sm:text-3xl' : 'text-xl sm:text-2xl'}`}>
                    {item.title}
                  </h2>
                  <p className={`mt-2 text-muted ${featured ? 'max-w-2xl text-base sm:text-lg' : 'text-[0.95rem] leading-7'}`}>
                    {item.body}
                  </p>
                  {item.link && (
                    <div className="mt-auto pt-5">
                      <Link
                        to={item.link}
                        className={
                          featured
                            ? 'btn btn-primary'
                            : 'inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-wine-700 hover:text-wine-800 hover:underline'
                        }
                      >
                        {kind.cta}
                        <span className="sr-only">: {item.title}</span>
                        <ArrowRight aria-hidden="true" className="h-4 w-4" />
                      </Link>
                    </div>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
