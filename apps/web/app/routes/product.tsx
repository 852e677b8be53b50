import {
  CLAIM_WINDOW_HOURS,
  compareSizes,
  DELIVERY_DAYS,
  DISPATCH_HOURS,
  formatRange,
  rupeesCompact,
  SHIPPING,
  sizeChartFor,
  type ProductDetails,
} from '@shop/core';
import { RotateCcw, ShieldCheck, ShoppingBag, Truck } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useRouteLoaderData, useSearchParams, type ShouldRevalidateFunction } from 'react-router';
import { paths } from '../config/paths';
import { AddToCartButton } from '../features/cart/add-to-cart-button';
import { Price } from '../features/catalogue/price';
import { colourExtraLabel, sizeExtraLabel } from '../features/catalogue/choice-extras';
import { absoluteMediaUrl } from '../features/catalogue/media-links';
import { galleryPhotos, openingColour } from '../features/catalogue/colour-photos';
import { ProductGallery } from '../features/catalogue/product-gallery';
import { ProductGrid } from '../features/catalogue/product-card';
import { swatchBackground } from '../features/catalogue/swatches';
import { pincodeAnswer } from '../features/catalogue/pincode-answer';
import { PincodeCheck } from '../features/catalogue/pincode-check';
import { lookupPincodeLater } from '../features/addresses/api/lookup-pincode-later';
import { estimateDeliveryLater } from '../features/catalogue/api/delivery-estimate-later';
import { SizeChartButton } from '../features/catalogue/size-chart';
import { WishlistButton, wishlistHeart } from '../features/wishlist/wishlist-button';
import { pageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { RootLoaderData } from '../root';
import { Breadcrumbs } from '../components/breadcrumbs';
import { useHydrated } from '../components/enhanced';
import type { Route } from './+types/product';
import { servicesOf, shopperOf } from '../context';
import { ReviewsSection } from '../features/reviews/reviews-section';
import { reviewQueryOf, reviewsChanged } from '../features/reviews/review-query';
import { helpfulAction } from '../features/reviews/helpful-action.server';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { catalogue, reviews, pincodes, shipping } = servicesOf(context);
  const product = await loaderCall(catalogue.getProductDetails(params.productId));
  const searchParams = new URL(request.url).searchParams;
  // Issue 28: the page of reviews the URL asks for, and whether the signed-in shopper may write one (or edit hers).
  const reviewQuery = reviewQueryOf(searchParams);
  // The delivery check sent without scripts (?pincode=): answered here, so the page comes back with its answer.
  const typedPincode = searchParams.get('pincode')?.trim().slice(0, 12);
  const place = typedPincode === undefined ? null : pincodes.lookup(typedPincode);
  // The couriers' own date (issue 42) for a pincode the directory knows; the rule of thumb if they cannot say.
  const courier = place ? await shipping.estimate(place.pincode).catch(() => null) : null;
  const deliveryCheck =
    typedPincode === undefined ? null : { pincode: typedPincode, answer: pincodeAnswer(typedPincode, place, new Date(), courier) };
  const shopper = shopperOf(context);
  const [related, productReviews, mine] = await Promise.all([
    catalogue.relatedProducts(product._id, 8),
    reviews.forProduct(product._id, reviewQuery),
    shopper ? reviews.mine(shopper._id, product._id) : null,
  ]);
  return {
    product,
    related,
    reviews: productReviews,
    reviewSort: reviewQuery.sort,
    myReview: {
      canReview: mine?.canReview ?? false,
      reviewed: Boolean(mine?.review),
      hidden: mine?.review && mine.hidden ? { title: mine.review.title, reason: mine.hidden.reason } : null,
    },
    deliveryCheck,
  };
}

/** A tap on a review's 'Helpful' (intent markHelpful); a signed-out shopper is sent to log in first. */
export const action = ({ request, params, context }: Route.ActionArgs) => helpfulAction(request, context, paths.product(params.productId));

// Picking a colour or size only changes the query string: no need to load the product again (another page or
// order of its reviews does).
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && !reviewsChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return [];
  const { product } = loaderData;
  const root = matches.find((match) => match?.id === 'root')?.data as RootLoaderData | undefined;
  const image = product.productImages[0];
  return [
    ...pageMeta(
      {
        title: product.productName,
        description:
          `${product.productName} at ${rupeesCompact(product.sellingPrice)}${product.productDiscount ? ` (${product.productDiscount}% off)` : ''}. ${product.productDescription}`.slice(
            0,
            300,
          ),
        path: paths.product(product._id),
      },
      matches,
    ).filter((tag) => !('property' in tag && tag.property === 'og:type')),
    { property: 'og:type', content: 'product' },
    ...(image ? [{ property: 'og:image', content: absoluteMediaUrl(root, image.public_id, 1280) }] : []),
    { property: 'product:price:amount', content: (product.sellingPrice / 100).toFixed(2) },
    { property: 'product:price:currency', content: 'INR' },
  ];
};

/** The variant the shopper is looking at: the chosen colour and size, or sensible defaults. */
function choose(product: ProductDetails, wantedColor: string | null, wantedSize: string | null) {
  const colors = [...new Set(product.variants.map((variant) => variant.variantColor))];
  const color = colors.find((item) => item === wantedColor) ?? openingColour(product.variants, product.productImages);
  const ofColor = product.variants.filter((variant) => variant.variantColor === color);
  const sizes = [...new Set(product.variants.map((variant) => variant.variantSize))].sort(compareSizes);
  const bySize = new Map(ofColor.map((variant) => [variant.variantSize, variant]));
  const size =
    (wantedSize && bySize.get(wantedSize)?.quantity ? wantedSize : null) ??
    (sizes.length === 1 && sizes[0] && bySize.get(sizes[0])?.quantity ? sizes[0] : null);
  const variant = size ? (bySize.get(size) ?? null) : null;
  // Until a size is chosen, show the price of the cheapest size available in this colour.
  const shown = variant ?? [...ofColor].sort((a, b) => a.price.selling - b.price.selling)[0] ?? null;
  return { colors, color, sizes, size, bySize, variant, shown };
}

/**
 * The colour and size choices are links (they work without scripts) drawn as a WAI-ARIA radio group: the arrow keys
 * move to the next or previous choice and pick it, Home and End to the first and last; sold-out sizes are skipped.
 */
function moveAmongRadios(event: KeyboardEvent<HTMLElement>) {
  const steps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const radios = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[role="radio"]')];
  const at = radios.findIndex((radio) => radio === document.activeElement);
  if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = steps[event.key];
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? radios.length - 1
        : step === undefined
          ? null
          : (at + step + radios.length) % radios.length;
  if (next === null) return;
  event.preventDefault();
  const radio = radios[next];
  if (!radio || radio === radios[at]) return;
  radio.focus();
  radio.click();
}

function stockMessage(quantity: number) {
  if (quantity <= 0) return { text: 'Out of stock', tone: 'text-wine-700' };
  if (quantity <= 3) return { text: `Only ${quantity} left`, tone: 'text-[#a4470f]' };
  return { text: 'In stock', tone: 'text-[#1d7a46]' };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  const root = useRouteLoaderData<RootLoaderData>('root');
  const [searchParams, setSearchParams] = useSearchParams();
  const sizePicker = useRef<HTMLDivElement>(null);
  const buyButtons = useRef<HTMLDivElement>(null);
  const sizeChart = sizeChartFor(product.category?.slug);
  // Server render and first paint: the buttons count as in view, so no bar flashes before the observer answers.
  const [buyButtonsInView, setBuyButtonsInView] = useState(true);
  useEffect(() => {
    const target = buyButtons.current;
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => setBuyButtonsInView(entry?.isIntersecting ?? true));
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  const selection = choose(product, searchParams.get('color'), searchParams.get('size'));
  const hasVariants = product.variants.length > 0;
  const price = selection.shown?.price ?? product.price;
  const colorInStock = selection.shown
    ? [...selection.bySize.values()].some((variant) => variant.quantity > 0)
    : product.availableStock > 0;
  const images = galleryPhotos(product.productImages, selection.color);

  // A second pick can come before the first one's navigation has updated searchParams (a colour, then a
  // size, quickly): build on the last requested choice, or the colour would be lost.
  const requested = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    requested.current = null;
  }, [searchParams]);
  const pick = (changes: Record<string, string>) => (event: MouseEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(requested.current ?? searchParams);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    requested.current = next;
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  // Each choice is a link to this page with the choice in its query string: it works before (or without) the scripts.
  const choiceUrl = (changes: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    return `?${next.toString()}`;
  };

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    description: product.productDescription,
    image: product.productImages.map((image) => absoluteMediaUrl(root, image.public_id, 1280)),
    sku: product.variants[0]?.sku ?? product._id,
    category: product.category?.categoryName,
    material: product.fabric || undefined,
    brand: { '@type': 'Brand', name: root?.settings.name },
    offers: {
      '@type': 'Offer',
      url: `${root?.publicUrl ?? ''}${paths.product(product._id)}`,
      priceCurrency: 'INR',
      price: (product.sellingPrice / 100).toFixed(2),
      availability: product.availableStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(loaderData.reviews.summary.count > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: loaderData.reviews.summary.average,
        reviewCount: loaderData.reviews.summary.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };

  const stock = stockMessage(
    hasVariants ? (selection.variant ? selection.variant.quantity : colorInStock ? 99 : 0) : product.availableStock,
  );
  const needsSize = hasVariants && !selection.variant;
  // Once the scripts run, each radio group is one stop for Tab and the arrow keys move within it (moveAmongRadios);
  // before, every choice is a link of its own.
  const hydrated = useHydrated();
  const firstAvailableSize = selection.sizes.find((size) => (selection.bySize.get(size)?.quantity ?? 0) > 0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <Breadcrumbs
        trail={product.category ? [{ label: product.category.categoryName, to: `${paths.filter}?category=${product.category.slug}` }] : []}
        current={product.productName}
      />

      {/* Phones and tablets: name and price, then the photos, then the choices, so the name and price are on the first
          screen. Desktops: the photos on the left beside all of it. */}
      <div className="mt-4 grid gap-6 sm:mt-6 sm:gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:gap-y-0">
        <div className="lg:col-start-2 lg:row-start-1">
          {product.category && (
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-600">{product.category.categoryName}</p>
          )}
          <h1 className="mt-2 text-[1.75rem] font-semibold leading-tight sm:text-4xl">{product.productName}</h1>
          <div className="mt-3 sm:mt-4">
            <Price selling={price.selling} mrp={price.mrp} discount={product.productDiscount} size="lg" />
            <p className="mt-1 text-xs text-muted">
              Inclusive of all taxes{price.saving > 0 ? ` · You save ${rupeesCompact(price.saving)}` : ''}
            </p>
          </div>
        </div>

        <div className="self-start lg:sticky lg:top-36 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ProductGallery images={images.length > 0 ? images : product.productImages} name={product.productName} />
        </div>

        <div className="lg:col-start-2 lg:row-start-2">
          {hasVariants && (
            <div className="space-y-6 lg:mt-7">
              <fieldset>
                <legend className="text-sm font-semibold">
                  Colour: <span className="font-normal text-muted">{selection.color}</span>
                </legend>
                <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Colour" onKeyDown={moveAmongRadios}>
                  {selection.colors.map((color) => {
                    const extra = colourExtraLabel(
                      product,
                      product.variants.find((variant) => variant.variantColor === color)?.variantColorPrice ?? 0,
                    );
                    const available = product.variants.some((variant) => variant.variantColor === color && variant.quantity > 0);
                    return (
                      <Link
                        key={color}
                        to={choiceUrl({ color })}
                        replace
                        preventScrollReset
                        role="radio"
                        aria-checked={color === selection.color}
                        tabIndex={hydrated ? (color === selection.color ? 0 : -1) : undefined}
                        onClick={pick({ color })}
                        className={`flex min-h-11 items-center gap-2 rounded-full border bg-white py-1.5 pl-1.5 pr-4 text-sm aria-checked:border-wine-700 aria-checked:ring-2 aria-checked:ring-wine-100 ${available ? 'border-line' : 'border-dashed border-line text-muted'}`}
                      >
                        <span
                          aria-hidden="true"
                          className="h-7 w-7 rounded-full border border-black/10"
                          style={{ background: swatchBackground(color) }}
                        />
                        {color}
                        {extra && <span className="text-xs text-muted">{extra}</span>}
                        {!available && <span className="sr-only">(out of stock)</span>}
                      </Link>
                    );
                  })}
                </div>
              </fieldset>

              <fieldset>
                {/* 'Size chart' on the legend's line, above the sizes (never over the last of them): the legend floats, as
                    it must stay the fieldset's first child. */}
                <legend className={`text-sm font-semibold ${sizeChart ? 'float-left leading-11' : ''}`}>
                  Size{selection.size ? <span className="font-normal text-muted">: {selection.size}</span> : ''}
                </legend>
                {sizeChart && (
                  <div className="float-right">
                    <SizeChartButton chart={sizeChart} />
                  </div>
                )}
                <div
                  ref={sizePicker}
                  className={`flex flex-wrap gap-2 ${sizeChart ? 'clear-both pt-1' : 'mt-3'}`}
                  role="radiogroup"
                  aria-label="Size"
                  onKeyDown={moveAmongRadios}
                >
                  {selection.sizes.map((size) => {
                    const variant = selection.bySize.get(size);
                    const available = Boolean(variant && variant.quantity > 0);
                    const extra = variant ? sizeExtraLabel(product, variant) : null;
                    const className =
                      'flex min-h-11 min-w-14 flex-col items-center justify-center rounded-xl border border-line bg-white px-3 py-1 text-sm font-medium aria-checked:border-wine-700 aria-checked:bg-wine-700 aria-checked:text-white aria-disabled:cursor-not-allowed aria-disabled:bg-sand/60 aria-disabled:text-muted aria-disabled:line-through';
                    const content = (
                      <>
                        {size}
                        {extra && <span className="text-[0.7rem] font-normal opacity-80">{extra}</span>}
                        {!available && <span className="sr-only">(not available)</span>}
                      </>
                    );
                    return available ? (
                      <Link
                        key={size}
                        to={choiceUrl({ size })}
                        replace
                        preventScrollReset
                        role="radio"
                        aria-checked={size === selection.size}
                        tabIndex={hydrated ? (size === (selection.size ?? firstAvailableSize) ? 0 : -1) : undefined}
                        onClick={pick({ size })}
                        className={className}
                      >
                        {content}
                      </Link>
                    ) : (
                      <span key={size} role="radio" aria-checked="false" aria-disabled="true" className={className}>
                        {content}
                      </span>
                    );
                  })}
                </div>
              </fieldset>
            </div>
          )}

          <p
            className={`mt-6 text-sm font-semibold first:mt-0 lg:first:mt-6 ${needsSize && colorInStock ? 'text-muted' : stock.tone}`}
            aria-live="polite"
          >
            {needsSize && colorInStock ? 'Select a size' : stock.text}
          </p>

          <div ref={buyButtons} className="mt-4 flex flex-col gap-3 sm:flex-row">
            {stock.text === 'Out of stock' && (!needsSize || !colorInStock) ? (
              <button type="button" disabled className="btn btn-primary flex-1">
                <ShoppingBag aria-hidden="true" className="h-4 w-4" /> Out of stock
              </button>
            ) : (
              <AddToCartButton
                productId={product._id}
                variantId={selection.variant?._id}
                needsChoice={needsSize}
                onNeedsChoice={() => sizePicker.current?.querySelector<HTMLAnchorElement>('a[role="radio"]')?.focus()}
              />
            )}
            <WishlistButton productId={product._id} productName={product.productName} />
          </div>
          {/* Phones: while the buttons above are off screen, the price, the chosen size and Add to Cart stay at hand. */}
          {!buyButtonsInView && !(stock.text === 'Out of stock' && (!needsSize || !colorInStock)) && (
            <div className="sticky-buy-bar fixed inset-x-0 bottom-0 z-20 flex items-center gap-3 border-t border-line bg-ivory/95 px-4 py-2.5 shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur sm:hidden">
              <div aria-hidden="true" className="min-w-0 leading-tight">
                <p className="text-lg font-bold tabular-nums">{rupeesCompact(price.selling)}</p>
                <p className="truncate text-xs text-muted">
                  {selection.size ? `Size ${selection.size}` : hasVariants ? 'Select a size' : ''}
                </p>
              </div>
              <AddToCartButton
                echo
                productId={product._id}
                variantId={selection.variant?._id}
                needsChoice={needsSize}
                onNeedsChoice={() => {
                  sizePicker.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
                  sizePicker.current?.querySelector<HTMLAnchorElement>('a[role="radio"]')?.focus({ preventScroll: true });
                }}
              />
            </div>
          )}

          <ul className="mt-8 space-y-4 rounded-2xl border border-line bg-white p-5 text-sm">
            <li className="flex gap-3">
              <Truck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-wine-700" />
              <div className="min-w-0 flex-1">
                <strong className="font-semibold">
                  Dispatched within {DISPATCH_HOURS.min}–{DISPATCH_HOURS.max} hours.
                </strong>{' '}
                Delivery in {formatRange(DELIVERY_DAYS.metro)} business days to metro cities, {formatRange(DELIVERY_DAYS.tier2And3)}{' '}
                elsewhere. Free shipping on orders of {rupeesCompact(SHIPPING.freeShippingFromPaise)} or more, else{' '}
                {rupeesCompact(SHIPPING.flatFeePaise)}.
                <PincodeCheck
                  key={loaderData.deliveryCheck?.pincode}
                  lookup={lookupPincodeLater}
                  estimate={estimateDeliveryLater}
                  initial={loaderData.deliveryCheck}
                />
              </div>
            </li>
            <li className="flex gap-3">
              <RotateCcw aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-wine-700" />
              <span>
                No returns or exchanges, except damaged, defective, wrong or missing items reported within {CLAIM_WINDOW_HOURS} hours of
                delivery.{' '}
                <Link to={paths.returnPolicy} className="font-medium text-wine-700 underline underline-offset-2">
                  Return policy
                </Link>
              </span>
            </li>
            <li className="flex gap-3">
              <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-wine-700" />
              <span>Secure payment by UPI, card or netbanking through Razorpay.</span>
            </li>
          </ul>

          <section className="mt-8" aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-semibold">
              Description
            </h2>
            <p className="mt-3 whitespace-pre-line leading-7">{product.productDescription}</p>
            {selection.variant?.variantDescription && <p className="mt-2 text-sm text-muted">{selection.variant.variantDescription}</p>}
            <dl className="mt-5 grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
              {product.fabric && (
                <>
                  <dt className="text-muted">Fabric</dt>
                  <dd>{product.fabric}</dd>
                </>
              )}
              {selection.variant && (
                <>
                  <dt className="text-muted">SKU</dt>
                  <dd>{selection.variant.sku}</dd>
                </>
              )}
              {product.tags.length > 0 && (
                <>
                  <dt className="text-muted">Good for</dt>
                  <dd>{product.tags.join(', ')}</dd>
                </>
              )}
            </dl>
          </section>
        </div>
      </div>

      <ReviewsSection
        productId={product._id}
        reviews={loaderData.reviews}
        sort={loaderData.reviewSort}
        mine={loaderData.myReview}
        shopName={root?.settings.name ?? 'the shop'}
      />

      {related.length > 0 && (
        <section className="mt-16" aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-2xl font-semibold">
            You may also like
          </h2>
          <div className="mt-6">
            <ProductGrid products={related.slice(0, 8)} cardAction={wishlistHeart} />
          </div>
        </section>
      )}
    </div>
  );
}
