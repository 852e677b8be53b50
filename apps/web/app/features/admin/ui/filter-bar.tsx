import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';

/**
 * The filters above a list: a GET form, so the filters live in the address (shareable, back button works)
 * and the loader reads them. Children are the fields; 'Apply' submits, 'Clear' drops them all.
 */
export function FilterBar({ children, label = 'Filters' }: { children: ReactNode; label?: string }) {
  const { pathname } = useLocation();
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 rounded-2xl border border-line bg-white p-4">
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">{children}</div>
      <div className="mt-3 flex gap-2">
        <button type="submit" className="btn btn-primary px-5">
          <Search aria-hidden="true" className="h-4 w-4" /> Apply
        </button>
        <Link to={pathname} className="btn btn-outline px-5">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** A compact labelled input or select for the filter bar; `wide` takes the whole row on a phone (a search box). */
export function FilterField({ label, name, wide, children }: { label: string; name: string; wide?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={`filter-${name}`} className={`block min-w-0 text-sm font-medium ${wide ? 'col-span-2 lg:col-span-1' : ''}`}>
      {label}
      <span className="mt-1 block">{children}</span>
    </label>
  );
}

export const filterInputClass =
  'block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base outline-none focus:border-wine-600 focus:ring-2 focus:ring-wine-100 sm:text-sm';
