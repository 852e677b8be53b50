import {
  formatIndianInteger,
  PRODUCT_SORTS,
  rupeesCompact,
  SORT_LABELS,
  type ProductPage,
  type ProductQuery,
  type SearchSuggestions,
} from '@shop/core';
import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import { CloseButton } from '../../components/close-button';
import { useHydrated } from '../../components/enhanced';
import { useModal } from '../../lib/use-modal';
import { ProductGrid, type CardAction } from './product-card';
import { filledParams, hrefWith, paiseToUrlRupees } from './listing-query';
import { swatchBackground } from './swatches';

const DISCOUNT_STEPS = [10, 20, 30, 50] as const;
const VISIBLE_COLORS = 8;

/** Bands and maxima end on the last paisa of a rupee (99,999 paise): people read that rupee (₹999). */
const wholeRupee = (paise: number) => Math.floor(paise / 100) * 100;

function bandLabel(band: { min: number; max: number | null }) {
  if (band.max === null) return `${rupeesCompact(band.min)} and above`;
  if (band.min === 0) return `Under ${rupeesCompact(band.max + 1)}`;
  return `${rupeesCompact(band.min)} – ${rupeesCompact(wholeRupee(band.max))}`;
}

/** One listing screen for /filter and /productSearch: facets, sort, active filters, grid, pages. */
export function ListingView({
  heading,
  intro,
  result,
  query,
  error,
  cardAction,
}: {
  heading: string;
  intro?: ReactNode;
  result: ProductPage;
  query: ProductQuery;
  error: string | null;
  /** The action on each product card (the wishlist heart), passed in by the route. */
  cardAction?: CardAction;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const navigation = useNavigation();
  const submit = useSubmit();
  const [sheetOpen, setSheetOpen] = useState(false);
  const hydrated = useHydrated();
  const formId = useId();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const limit = result.limit;
  const pages = Math.max(1, Math.ceil(result.total / limit));
  const current = query.page ?? 1;

  // With JavaScript every change applies at once; without it, the 'Apply filters' button submits.
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    // Typed amounts apply with Enter or the Go button, not on every keystroke.
    if (event.target instanceof HTMLInputElement && event.target.inputMode === 'decimal') return;
    submitFilled(event.currentTarget);
  };
  // Empty fields (a blank price) stay out of the URL.
  const submitFilled = (form: HTMLFormElement) =>
    void submit(filledParams(new FormData(form)), { action: location.pathname, method: 'get', preventScrollReset: true, replace: true });
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitFilled(event.currentTarget);
  };

  const active: Array<{ label: string; href: string }> = [
    ...query.category.map((slug) => ({
      label: result.facets.categories.find((category) => category.slug === slug)?.name ?? slug,
      href: hrefWith(location.pathname, params, { category: query.category.filter((item) => item !== slug) }),
    })),
    ...query.size.map((size) => ({
      label: `Size ${size}`,
      href: hrefWith(location.pathname, params, { size: query.size.filter((item) => item !== size) }),
    })),
    ...query.color.map((color) => ({
      label: color,
      href: hrefWith(location.pathname, params, { color: query.color.filter((item) => item !== color) }),
    })),
    ...(query.minPrice !== undefined || query.maxPrice !== undefined
      ? [
          {
            label:
              query.maxPrice === undefined
                ? `From ${rupeesCompact(query.minPrice ?? 0)}`
                : query.minPrice === undefined
                  ? `Up to ${rupeesCompact(wholeRupee(query.maxPrice))}`
                  : `${rupeesCompact(query.minPrice)} – ${rupeesCompact(wholeRupee(query.maxPrice))}`,
            href: hrefWith(location.pathname, params, { minPrice: null, maxPrice: null }),
          },
        ]
      : []),
    ...(query.minDiscount
      ? [{ label: `${query.minDiscount}% off or more`, href: hrefWith(location.pathname, params, { minDiscount: null }) }]
      : []),
    ...(query.inStock ? [{ label: 'In stock', href: hrefWith(location.pathname, params, { inStock: null }) }] : []),
    ...(query.minRating ? [{ label: `${query.minRating}★ & above`, href: hrefWith(location.pathname, params, { minRating: null }) }] : []),
  ];
  const colorRow = (color: { value: string; count: number }) => (
    <CheckRow
      key={color.value}
      name="color"
      value={color.value}
      checked={query.color.some((item) => item.toLowerCase() === color.value.toLowerCase())}
      count={color.count}
    >
      <span
        aria-hidden="true"
        className="h-4 w-4 shrink-0 rounded-full border border-black/15"
        style={{ background: swatchBackground(color.value) }}
      />
      {color.value}
    </CheckRow>
  );
  const clearAll = hrefWith(location.pathname, new URLSearchParams(query.q ? { q: query.q } : {}), {});

  // One panel per place it shows (the wide screen's column, the phone's sheet): only the first carries the form's id.
  const facetForm = (id?: string) => (
    // Keyed by the URL so that checkboxes follow links (a removed chip, 'Clear all') as well as clicks.
    <Form
      key={location.search}
      id={id}
      method="get"
      action={location.pathname}
      onChange={onChange}
      onSubmit={onSubmit}
      preventScrollReset
      className="space-y-7"
    >
      {query.q && <input type="hidden" name="q" value={query.q} />}
      {query.style && <input type="hidden" name="style" value={query.style} />}
      <input type="hidden" name="sort" value={query.sort ?? 'relevance'} />

      {result.facets.categories.length > 0 && (
        <FacetGroup title="Category">
          {result.facets.categories.map((category) => (
            <CheckRow
              key={category.slug}
              name="category"
              value={category.slug}
              checked={query.category.includes(category.slug)}
              count={category.count}
            >
              {category.name}
            </CheckRow>
          ))}
        </FacetGroup>
      )}

      {result.facets.sizes.length > 0 && (
        <FacetGroup title="Size">
          <div className="flex flex-wrap gap-2">
            {result.facets.sizes.map((size) => (
              <label
                key={size.value}
                className="relative inline-flex min-h-10 min-w-12 cursor-pointer items-center justify-center rounded-full border border-line bg-white px-3 text-sm has-[:checked]:border-wine-700 has-[:checked]:bg-wine-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-wine-600"
              >
                <input
                  type="checkbox"
                  name="size"
                  value={size.value}
                  defaultChecked={query.size.includes(size.value)}
                  className="sr-only"
                />
                {size.value}
                <span className="sr-only"> ({size.count} products)</span>
              </label>
            ))}
          </div>
        </FacetGroup>
      )}

      {result.facets.colors.length > 0 && (
        <FacetGroup title="Colour">
          {result.facets.colors.slice(0, VISIBLE_COLORS).map(colorRow)}
          {result.facets.colors.length > VISIBLE_COLORS && (
            <details open={query.color.length > 0} className="group">
              <summary className="flex min-h-9 cursor-pointer list-none items-center px-2 text-sm font-semibold text-wine-700 [&::-webkit-details-marker]:hidden">
                <span className="group-open:hidden">+ {result.facets.colors.length - VISIBLE_COLORS} more colours</span>
                <span className="hidden group-open:inline">Fewer colours</span>
              </summary>
              {result.facets.colors.slice(VISIBLE_COLORS).map(colorRow)}
            </details>
          )}
        </FacetGroup>
      )}

      <FacetGroup title="Price">
        <ul className="space-y-1">
          {result.facets.priceBands.map((band) => {
            const selected = (query.minPrice ?? 0) === band.min && query.maxPrice === (band.max === null ? undefined : band.max);
            return (
              <li key={band.min}>
                <Link
                  to={hrefWith(location.pathname, params, {
                    minPrice: band.min === 0 ? null : paiseToUrlRupees(band.min, 'min'),
                    maxPrice: band.max === null ? null : paiseToUrlRupees(band.max, 'max'),
                  })}
                  preventScrollReset
                  replace
                  aria-current={selected ? 'true' : undefined}
                  className={`flex min-h-9 items-center justify-between rounded-lg px-2 text-sm hover:bg-sand aria-[current=true]:bg-wine-50 aria-[current=true]:font-semibold aria-[current=true]:text-wine-700 ${band.count === 0 ? 'pointer-events-none text-muted/60' : ''}`}
                >
                  <span>{bandLabel(band)}</span>
                  <span className="text-xs text-muted">{band.count}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex items-end gap-2">
          <label className="flex-1 text-xs text-muted">
            Min ₹
            <input
              name="minPrice"
              inputMode="decimal"
              defaultValue={query.minPrice === undefined ? '' : paiseToUrlRupees(query.minPrice, 'min')}
              className="mt-1 block min-h-10 w-full rounded-lg border border-line bg-white px-2 text-sm text-ink"
            />
          </label>
          <label className="flex-1 text-xs text-muted">
            Max ₹
            <input
              name="maxPrice"
              inputMode="decimal"
              defaultValue={query.maxPrice === undefined ? '' : paiseToUrlRupees(query.maxPrice, 'max')}
              className="mt-1 block min-h-10 w-full rounded-lg border border-line bg-white px-2 text-sm text-ink"
            />
          </label>
          <button
            type="submit"
            className="min-h-10 rounded-lg border border-wine-700 px-3 text-sm font-semibold text-wine-700 hover:bg-wine-50"
          >
            Go
          </button>
        </div>
      </FacetGroup>

      <FacetGroup title="Discount">
        {DISCOUNT_STEPS.map((step) => (
          <label key={step} className="flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-sand">
            <input
              type="radio"
              name="minDiscount"
              value={step}
              defaultChecked={query.minDiscount === step}
              className="h-4 w-4 accent-wine-700"
            />
            {step}% off or more
          </label>
        ))}
      </FacetGroup>

      <FacetGroup title="Rating">
        <label className="flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-sand">
          <input type="checkbox" name="minRating" value="4" defaultChecked={query.minRating === 4} className="h-4 w-4 accent-wine-700" />
          <span>
            4
            <span aria-hidden="true" className="text-gold-600">
              ★
            </span>
            <span className="sr-only"> stars</span> &amp; above
          </span>
        </label>
      </FacetGroup>

      <FacetGroup title="Availability">
        <label className="flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-sand">
          <input type="checkbox" name="inStock" value="true" defaultChecked={query.inStock} className="h-4 w-4 accent-wine-700" />
          In stock only
        </label>
      </FacetGroup>

      <noscript>
        <button type="submit" className="btn btn-primary w-full">
          Apply filters
        </button>
      </noscript>
    </Form>
  );
  const facetPanel = facetForm(formId);
  const filtersLabel = `Filters${active.length > 0 ? ` (${active.length})` : ''}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">{heading}</h1>
          {intro && <div className="mt-2 text-muted">{intro}</div>}
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {result.total === 1 ? '1 product' : `${formatIndianInteger(result.total)} products`}
          </p>
        </div>
        {/* A search that found nothing has nothing to filter or sort: it offers other words instead. */}
        {!result.suggestions && (
          <div className="flex w-full items-center gap-3 sm:w-auto">
            {hydrated ? (
              <button
                type="button"
                onClick={() => setSheetOpen(true)}
                className="btn btn-outline shrink-0 lg:hidden"
                aria-haspopup="dialog"
              >
                <SlidersHorizontal aria-hidden="true" className="h-4 w-4" /> {filtersLabel}
              </button>
            ) : (
              <NoScriptFilterSheet label={filtersLabel} closeHref={location.pathname + location.search}>
                {facetForm()}
              </NoScriptFilterSheet>
            )}
            <SortSelect pathname={location.pathname} params={params} value={query.sort ?? 'relevance'} />
          </div>
        )}
      </div>

      {error && (
        <p role="alert" className="mt-4 rounded-xl border border-wine-100 bg-wine-50 px-4 py-3 text-sm text-wine-800">
          {error}. Showing all products instead.
        </p>
      )}

      {active.length > 0 && (
        <ul className="mt-5 flex flex-wrap items-center gap-2" aria-label="Active filters">
          {active.map((filter) => (
            <li key={filter.label}>
              <Link
                to={filter.href}
                preventScrollReset
                replace
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-line bg-white pl-3 pr-2 text-sm hover:border-wine-600"
              >
                {filter.label}
                <X aria-hidden="true" className="h-4 w-4 text-muted" />
                <span className="sr-only">(remove filter)</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={clearAll} className="ml-1 text-sm font-semibold text-wine-700 underline-offset-2 hover:underline">
              Clear all
            </Link>
          </li>
        </ul>
      )}

      <div className={`mt-6 grid gap-8 ${result.suggestions ? '' : 'lg:grid-cols-[15rem_1fr]'}`}>
        {!result.suggestions && (
          <aside className="hidden lg:block" aria-label="Filters">
            {!sheetOpen && facetPanel}
          </aside>
        )}

        <section
          aria-labelledby="listing-products"
          aria-busy={busy}
          className={busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}
        >
          {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3 for screen readers. */}
          <h2 id="listing-products" className="sr-only">
            Products
          </h2>
          {result.products.length > 0 ? (
            <>
              <ProductGrid products={result.products} eagerCount={4} cardAction={cardAction} colours={query.color} />
              {pages > 1 && <Pagination pathname={location.pathname} params={params} current={current} pages={pages} />}
            </>
          ) : (
            <div className="rounded-3xl border border-dashed border-line bg-white px-6 py-16 text-center">
              <h2 className="text-2xl font-semibold">{current > pages ? 'This page is empty' : 'No products match'}</h2>
              <p className="mx-auto mt-2 max-w-md text-muted">
                {current > pages
                  ? 'There are fewer products than this page number.'
                  : 'Try removing a filter or searching for something else.'}
              </p>
              {result.suggestions && <SearchSuggestionLinks suggestions={result.suggestions} />}
              <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
                {current > pages ? (
                  <Link to={hrefWith(location.pathname, params, { page: null })} className="btn btn-primary">
                    Go to the first page
                  </Link>
                ) : (
                  active.length > 0 && (
                    <Link to={clearAll} className="btn btn-primary">
                      Clear filters
                    </Link>
                  )
                )}
                <Link to="/filter" className="btn btn-outline">
                  Browse all products
                </Link>
              </div>
            </div>
          )}
        </section>
      </div>

      {sheetOpen && (
        <FilterSheet total={result.total} onClose={() => setSheetOpen(false)}>
          {facetPanel}
        </FilterSheet>
      )}
    </div>
  );
}

/**
 * The phone's filters before (or without) the scripts: a native disclosure that opens the same sheet; the form's
 * 'Apply filters' button reloads the page with the choice, the backdrop and Close link reload it as it was.
 */
function NoScriptFilterSheet({ label, closeHref, children }: { label: string; closeHref: string; children: ReactNode }) {
  return (
    <details className="shrink-0 lg:hidden">
      <summary className="btn btn-outline list-none [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" /> {label}
      </summary>
      <div className="fixed inset-0 z-50">
        <a href={closeHref} aria-label="Close filters" tabIndex={-1} className="absolute inset-0 bg-ink/40" />
        <div className="absolute inset-x-0 bottom-0 flex max-h-[88dvh] flex-col rounded-t-3xl bg-ivory shadow-2xl">
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <h2 className="text-xl font-semibold">Filters</h2>
            <a href={closeHref} className="flex h-11 items-center rounded-full px-3 text-sm font-semibold text-wine-700 hover:bg-sand">
              Close
            </a>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
        </div>
      </div>
    </details>
  );
}

function FacetGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 font-sans text-xs font-semibold uppercase tracking-[0.16em] text-muted">{title}</legend>
      <div className="space-y-0.5">{children}</div>
    </fieldset>
  );
}

function CheckRow({
  name,
  value,
  checked,
  count,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  count: number;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-sand">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4 shrink-0 accent-wine-700" />
      <span className="flex flex-1 items-center gap-2">{children}</span>
      <span className="text-xs text-muted">{count}</span>
    </label>
  );
}

function SortSelect({ pathname, params, value }: { pathname: string; params: URLSearchParams; value: string }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={pathname}
      preventScrollReset
      className="min-w-0 flex-1 sm:flex-none"
      onChange={(event) =>
        void submit(filledParams(new FormData(event.currentTarget)), {
          action: pathname,
          method: 'get',
          preventScrollReset: true,
          replace: true,
        })
      }
    >
      {[...params.entries()]
        .filter(([key]) => key !== 'sort' && key !== 'page')
        .map(([key, item], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={item} />
        ))}
      <label className="flex items-center gap-2 text-sm">
        <span className="hidden text-muted sm:inline">Sort by</span>
        <span className="sr-only sm:hidden">Sort by</span>
        <select
          name="sort"
          defaultValue={value}
          className="min-h-11 w-full rounded-full border border-line bg-white px-4 text-sm font-medium sm:w-auto"
        >
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="btn btn-outline ml-2">
          Sort
        </button>
      </noscript>
    </Form>
  );
}

function Pagination({ pathname, params, current, pages }: { pathname: string; params: URLSearchParams; current: number; pages: number }) {
  const numbers = [...new Set([1, current - 1, current, current + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const link = (page: number) => hrefWith(pathname, params, { page: page === 1 ? null : String(page) });
  const base = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium';
  return (
    <nav aria-label="Pages" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {current > 1 && (
        <Link to={link(current - 1)} rel="prev" className={`${base} border border-line bg-white hover:border-wine-600`}>
          Previous
        </Link>
      )}
      {numbers.map((page, index) => (
        <span key={page} className="contents">
          {index > 0 && page - numbers[index - 1]! > 1 && <span className="px-1 text-muted">…</span>}
          <Link
            to={link(page)}
            aria-current={page === current ? 'page' : undefined}
            className={`${base} aria-[current=page]:bg-wine-700 aria-[current=page]:text-white hover:bg-sand`}
          >
            {page}
          </Link>
        </span>
      ))}
      {current < pages && (
        <Link to={link(current + 1)} rel="next" className={`${base} border border-line bg-white hover:border-wine-600`}>
          Next
        </Link>
      )}
    </nav>
  );
}

/** The facet panel as a bottom sheet on phones: focus moves in, Escape closes, the page behind does not scroll. */
function FilterSheet({ total, onClose, children }: { total: number; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, onClose);
  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <button type="button" aria-label="Close filters" className="absolute inset-0 bg-ink/40" onClick={onClose} />
      <div
        ref={ref}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="filter-sheet-title"
        className="absolute inset-x-0 bottom-0 flex max-h-[88dvh] flex-col rounded-t-3xl bg-ivory shadow-2xl outline-none"
      >
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 id="filter-sheet-title" className="text-xl font-semibold">
            Filters
          </h2>
          <CloseButton
            label="Close filters"
            onClick={onClose}
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand"
          />
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
        <div className="border-t border-line px-5 py-4">
          <button type="button" onClick={onClose} className="btn btn-primary w-full">
            Show {formatIndianInteger(total)} {total === 1 ? 'product' : 'products'}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A search that found nothing: the catalogue's nearest words and its biggest categories, one tap away. */
function SearchSuggestionLinks({ suggestions }: { suggestions: SearchSuggestions }) {
  const chip =
    'inline-flex min-h-10 items-center rounded-full border border-line bg-ivory px-4 text-sm font-medium hover:border-wine-600 hover:text-wine-700';
  return (
    <div className="mx-auto mt-6 max-w-lg space-y-4">
      {suggestions.words.length > 0 && (
        <div>
          <p className="text-sm font-semibold">Did you mean</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {suggestions.words.map((word) => (
              <li key={word}>
                <Link to={`/productSearch?q=${encodeURIComponent(word)}`} className={chip}>
                  {word}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {suggestions.categories.length > 0 && (
        <div>
          <p className="text-sm font-semibold">Popular categories</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {suggestions.categories.map((category) => (
              <li key={category.slug}>
                <Link to={`/filter?category=${encodeURIComponent(category.slug)}`} className={chip}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
