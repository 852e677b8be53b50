import { IMAGE_WIDTHS, mediaUrl, rupeesCompact, type Suggestions } from '@shop/core';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useMediaBase } from './media-links';

type Option = { key: string; label: string; href: string; detail?: string; image?: string };

/**
 * The header search: a plain GET form to /productSearch (works without JavaScript) that, with it,
 * suggests products and categories as the shopper types (ARIA combobox: arrows, Enter, Escape).
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('q') ?? '');
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const abort = useRef<AbortController | null>(null);
  const mediaBase = useMediaBase();

  // Asked only while she is in the box: a results page opens with the box filled in, and would otherwise fetch
  // suggestions (and their photos) nobody looks at.
  useEffect(() => {
    const q = value.trim();
    if (q.length < 2 || !open) return;
    const timer = setTimeout(() => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      fetch(`/api/user/product/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal, credentials: 'include' })
        .then((response) => (response.ok ? (response.json() as Promise<{ data: Suggestions }>) : null))
        .then((body) => {
          if (!body) return;
          setOptions([
            ...body.data.categories.map((category) => ({
              key: `c-${category.slug}`,
              label: category.name,
              detail: 'Category',
              href: `${paths.filter}?category=${category.slug}`,
            })),
            ...body.data.products.map((product) => ({
              key: product._id,
              label: product.productName,
              detail: rupeesCompact(product.sellingPrice),
              href: paths.product(product._id),
              // The smallest rendition: the thumbnail is 40 CSS px wide, 120 device px on a 3× phone.
              image: product.image ? mediaUrl(product.image.public_id, IMAGE_WIDTHS[0], 'webp', mediaBase) : undefined,
            })),
          ]);
          setActive(-1);
        })
        .catch(() => {}); // a dropped suggestion request is harmless: the search itself still works
    }, 150);
    return () => clearTimeout(timer);
  }, [value, open, mediaBase]);

  // Suggestions belong to at least two typed characters; shorter input shows none.
  const expanded = open && options.length > 0 && value.trim().length >= 2;
  const go = (option: Option) => {
    setOpen(false);
    void navigate(option.href);
  };

  return (
    <Form
      method="get"
      action={paths.productSearch}
      role="search"
      // Phones: between the logo and the account icons, taking the room left (its suggestions hang below the whole
      // row: site-header.tsx). Tablets: a row of its own. Desktops: centred.
      className="min-w-0 flex-1 sm:relative sm:order-last sm:w-full sm:flex-none lg:order-none lg:mx-auto lg:max-w-xl lg:flex-initial"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <div className="flex items-center rounded-full border border-line bg-white focus-within:border-wine-600 focus-within:ring-2 focus-within:ring-wine-100">
        <Search aria-hidden="true" className="ml-4 hidden h-4 w-4 shrink-0 text-muted sm:block" />
        <input
          id="site-search"
          name="q"
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          maxLength={100}
          placeholder="Search products"
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (!expanded) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((index) => (index + 1) % options.length);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
            } else if (event.key === 'Escape') {
              // Close the suggestions only; a search input would otherwise also clear what was typed.
              event.preventDefault();
              setOpen(false);
            } else if (event.key === 'Enter' && active >= 0 && options[active]) {
              event.preventDefault();
              go(options[active]);
            }
          }}
          className="min-h-[2.625rem] w-full min-w-0 text-ellipsis sm:min-h-11 rounded-full bg-transparent pl-4 pr-1 text-sm outline-none placeholder:text-muted sm:px-3"
        />
        <button
          type="submit"
          className="mr-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-wine-700 text-sm font-semibold text-white hover:bg-wine-800 sm:h-auto sm:w-auto sm:px-4 sm:py-2"
        >
          <Search aria-hidden="true" className="h-4 w-4 sm:hidden" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mx-2 mt-1 max-h-96 sm:mx-0 sm:mt-2 overflow-y-auto rounded-2xl border border-line bg-white p-2 shadow-xl"
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(option)}
            className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm aria-selected:bg-wine-50 hover:bg-sand"
          >
            {option.image ? (
              <img
                src={option.image}
                alt=""
                width={40}
                height={50}
                loading="lazy"
                decoding="async"
                className="h-12 w-10 shrink-0 rounded-md object-cover"
              />
            ) : (
              <span aria-hidden="true" className="h-12 w-10 shrink-0 rounded-md bg-sand" />
            )}
            <span className="flex-1">{option.label}</span>
            {option.detail && <span className="text-xs text-muted">{option.detail}</span>}
          </li>
        ))}
      </ul>
    </Form>
  );
}
