import { CLAIM_WINDOW_HOURS, DISPATCH_HOURS, productQuerySchema, rupeesCompact, SHIPPING, type ImageView } from '@shop/core';
import { PackageCheck, ShieldCheck, Sparkles, Tag, Truck } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import { paths } from '../config/paths';
import { offerBarOf } from '../features/announcements/offer-bar';
import { ProductGrid } from '../features/catalogue/product-card';
import { ProductImage } from '../features/catalogue/product-image';
import { wishlistHeart } from '../features/wishlist/wishlist-button';
import { pageMeta } from '../lib/meta';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/home';
import { servicesOf } from '../context';

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, announcements } = servicesOf(context);
  const [categories, newest, discounted, published] = await Promise.all([
    catalogue.listCategories(),
    catalogue.findProducts(productQuerySchema.parse({ sort: 'newest', limit: '8', inStock: 'true' })),
    // Twice the row, so the discounts row can leave out what the new arrivals already show.
    catalogue.findProducts(productQuerySchema.parse({ sort: 'discount', limit: '16', inStock: 'true' })),
    announcements.listPublished(new Date()),
  ]);
  const shown = categories.filter((category) => category.productCount > 0 && !category.parentId);
  // One photo per category tile: its first product in the recommended order.
  const covers = await Promise.all(
    shown.map((category) => catalogue.findProducts(productQuerySchema.parse({ category: category.slug, limit: '1', inStock: 'true' }))),
  );
  const newIds = new Set(newest.products.map((product) => product._id));
  const withCovers = shown.map((category, index) => ({ ...category, cover: covers[index]?.products[0]?.image ?? null }));
  return {
    categories: withCovers,
    // The hero's collage: the cover pieces of the first three categories that have a photo.
    collage: withCovers.filter((category) => category.cover).slice(0, 3),
    newArrivals: newest.products,
    bestDiscounts: discounted.products.filter((product) => !newIds.has(product._id)).slice(0, 8),
    offer: offerBarOf(published),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Sarees, kurtis, lehengas and modern women's wear",
      description:
        "Shop elegant women's clothing in traditional and modern styles: sarees, kurtis, lehengas, dresses and co-ord sets, delivered across India.",
      path: paths.home,
    },
    matches,
  );

const STYLES = [
  {
    style: 'traditional',
    title: 'Traditional',
    blurb: 'Sarees, kurtis, lehengas, salwar suits and dupattas in handloom silks and cottons.',
    items: ['Sarees', 'Kurtis', 'Lehengas', 'Salwar suits', 'Dupattas'],
    tone: 'from-wine-700 to-wine-800',
  },
  {
    style: 'modern',
    title: 'Modern',
    blurb: 'Dresses, tops, bottoms, co-ord sets and accessories for work, weekends and evenings.',
    items: ['Dresses', 'Tops', 'Bottoms', 'Co-ord sets', 'Accessories'],
    tone: 'from-[#3d3a52] to-[#26233a]',
  },
] as const;

const PROMISES = [
  {
    icon: Truck,
    title: `Free shipping from ${rupeesCompact(SHIPPING.freeShippingFromPaise)}`,
    text: `A flat ${rupeesCompact(SHIPPING.flatFeePaise)} below that, shown before you pay.`,
  },
  {
    icon: PackageCheck,
    title: `Dispatched in ${DISPATCH_HOURS.min}–${DISPATCH_HOURS.max} hours`,
    text: 'Packed with care and tracked to your door.',
  },
  { icon: ShieldCheck, title: 'Secure payments', text: 'UPI, cards and netbanking through Razorpay.' },
  { icon: Sparkles, title: 'Quality promise', text: `Damaged, defective, wrong or missing? Tell us within ${CLAIM_WINDOW_HOURS} hours.` },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, collage, newArrivals, bestDiscounts, offer } = loaderData;
  const shop = useRouteLoaderData<RootLoaderData>('root')!.settings;
  return (
    <>
      {offer && (
        <aside aria-label="Offer" className="bg-wine-700 text-white">
          <Link
            to={offer.link}
            className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2.5 text-center text-sm hover:underline sm:px-6"
          >
            <Tag aria-hidden="true" className="h-4 w-4 shrink-0 text-gold-400" />
            <span className="font-semibold">{offer.title}</span>
            <span className="text-white/85">
              Every piece {offer.minDiscount}% off or more · <span className="font-semibold text-gold-400">Shop the offer →</span>
            </span>
          </Link>
        </aside>
      )}
      <section className="relative overflow-hidden bg-gradient-to-br from-sand via-ivory to-wine-50" aria-labelledby="hero-title">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 rounded-full border-[28px] border-gold-400/25 sm:h-[34rem] sm:w-[34rem]"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 right-40 hidden h-72 w-72 rounded-full bg-wine-100/60 blur-2xl md:block"
        />
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-6 py-16 sm:py-24 md:grid-cols-[1fr_minmax(0,28rem)] lg:grid-cols-[1fr_minmax(0,34rem)] lg:py-20">
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-600">{shop.name}</p>
            <h1 id="hero-title" className="mt-4 max-w-2xl text-4xl font-semibold leading-tight sm:text-6xl">
              Drape yourself in <span className="italic text-wine-700">timeless</span> elegance
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted">{shop.tagline}</p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Link to={`${paths.filter}?style=traditional`} className="btn btn-primary">
                Shop traditional
              </Link>
              <Link to={`${paths.filter}?style=modern`} className="btn btn-outline bg-white/60">
                Shop modern
              </Link>
            </div>
          </div>
          {collage.length === 3 && <HeroCollage pieces={collage} />}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="styles-title">
        <h2 id="styles-title" className="text-center text-3xl font-semibold">
          Shop by style
        </h2>
        <div className="mt-8 grid gap-5 md:grid-cols-2">
          {STYLES.map((style) => (
            <Link
              key={style.style}
              to={`${paths.filter}?style=${style.style}`}
              className={`group relative overflow-hidden rounded-3xl bg-gradient-to-br ${style.tone} p-8 text-white shadow-sm transition-shadow hover:shadow-xl sm:p-10`}
            >
              <span aria-hidden="true" className="absolute -right-10 -top-10 h-40 w-40 rounded-full border-[14px] border-white/10" />
              <h3 className="font-display text-3xl font-semibold text-white">{style.title}</h3>
              <p className="mt-3 max-w-md text-white/85">{style.blurb}</p>
              <ul className="mt-6 flex flex-wrap gap-2" aria-label={`${style.title} categories`}>
                {style.items.map((item) => (
                  <li key={item} className="rounded-full bg-white/15 px-3 py-1 text-sm">
                    {item}
                  </li>
                ))}
              </ul>
              <span className="mt-8 inline-flex items-center gap-2 text-sm font-semibold text-gold-400 group-hover:underline">
                Explore {style.title.toLowerCase()} <span aria-hidden="true">→</span>
              </span>
            </Link>
          ))}
        </div>
      </section>

      {categories.length > 0 && (
        <section className="mx-auto max-w-7xl px-4 pb-6 sm:px-6" aria-labelledby="categories-title">
          <h2 id="categories-title" className="text-center text-3xl font-semibold">
            Shop by category
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {categories.map((category) => (
              <li key={category._id}>
                <Link to={`${paths.filter}?category=${category.slug}`} className="group block">
                  <div className="overflow-hidden rounded-2xl">
                    <ProductImage
                      image={category.cover}
                      alt=""
                      sizes="(min-width: 1024px) 240px, 45vw"
                      className="transition-transform duration-500 group-hover:scale-105"
                    />
                  </div>
                  <p className="mt-2 text-center font-medium group-hover:text-wine-700">{category.categoryName}</p>
                  <p className="text-center text-xs text-muted">{category.productCount} styles</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {newArrivals.length > 0 && (
        <ProductShelf title="New arrivals" moreHref={`${paths.filter}?sort=newest`} moreLabel="See all new arrivals">
          <ProductGrid products={newArrivals} cardAction={wishlistHeart} />
        </ProductShelf>
      )}

      {bestDiscounts.length > 0 && (
        <ProductShelf title="Best discounts" moreHref={paths.offers} moreLabel="See all offers">
          <ProductGrid products={bestDiscounts} cardAction={wishlistHeart} />
        </ProductShelf>
      )}

      {/* The last band sits directly on the footer (site-footer.tsx drops its top margin for it). */}
      <section className="mt-10 border-t border-line bg-white" aria-labelledby="promises-title" data-footer-flush>
        <h2 id="promises-title" className="sr-only">
          Our promises
        </h2>
        <ul className="mx-auto grid max-w-7xl gap-6 px-6 py-10 sm:grid-cols-2 lg:grid-cols-4">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="flex gap-4">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-wine-50 text-wine-700">
                <promise.icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <div>
                <p className="font-semibold">{promise.title}</p>
                <p className="mt-1 text-sm text-muted">{promise.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * The collection at a glance beside the hero title, from md up (phones keep the title and buttons above the fold):
 * one tall piece and two stacked, each linking to its category. Lazy like every image below the title, so a
 * phone, where the collage is hidden, never downloads it.
 */
function HeroCollage({ pieces }: { pieces: Array<{ _id: string; slug: string; categoryName: string; cover: ImageView | null }> }) {
  return (
    <ul className="hidden grid-cols-[3fr_2fr] grid-rows-2 gap-4 md:grid" aria-label="From the collection">
      {pieces.map((piece, index) => (
        <li key={piece._id} className={index === 0 ? 'row-span-2' : ''}>
          <Link
            to={`${paths.filter}?category=${piece.slug}`}
            className="group relative block h-full overflow-hidden rounded-3xl shadow-sm ring-1 ring-black/5"
          >
            <ProductImage
              image={piece.cover}
              alt=""
              sizes={index === 0 ? '(min-width: 1024px) 320px, 260px' : '(min-width: 1024px) 210px, 170px'}
              className={`transition-transform duration-500 group-hover:scale-105 ${index === 0 ? 'h-full' : ''}`}
            />
            <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/55 to-transparent px-4 pb-3 pt-8 text-sm font-semibold text-white">
              {piece.categoryName}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ProductShelf({
  title,
  moreHref,
  moreLabel,
  children,
}: {
  title: string;
  moreHref: string;
  moreLabel: string;
  children: React.ReactNode;
}) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6" aria-labelledby={id}>
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={id} className="text-3xl font-semibold">
          {title}
        </h2>
        <Link to={moreHref} className="text-sm font-semibold text-wine-700 hover:underline">
          {moreLabel} <span aria-hidden="true">→</span>
        </Link>
      </div>
      {children}
    </section>
  );
}
