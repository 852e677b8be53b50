import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import type { Failure } from '../lib/failure';
import { FormFailure } from './form-failure';

/**
 * The filters above a list: a GET form, so the filters live in the address (shareable, back button works)
 * and the loader reads them (lib/list-query.ts `readListQuery`). Children are the fields; 'Apply' submits,
 * 'Clear' drops them all. `failure` is what the loader refused of the address (a malformed date …).
 */
export function FilterBar({ children, label = 'Filters', failure }: { children: ReactNode; label?: string; failure?: Failure | null }) {
  const { pathname, search } = useLocation();
  return (
    // Keyed by the address: the fields' default values follow it when the filters change (Clear, back button).
    <Form key={search} method="get" role="search" aria-label={label} className="mb-4 rounded-2xl border border-line bg-white p-4">
      <FormFailure failure={failure} className="mb-3" />
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

/**
 * A compact labelled input or select for the filter bar (its control's id is `filter-<name>`); `wide` takes the
 * whole row on a phone (a search box); `error` is the loader's message for this filter.
 */
export function FilterField({
  label,
  name,
  wide,
  error,
  children,
}: {
  label: string;
  name: string;
  wide?: boolean;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <label htmlFor={`filter-${name}`} className={`block min-w-0 text-sm font-medium ${wide ? 'col-span-2 lg:col-span-1' : ''}`}>
      {label}
      <span className="mt-1 block">{children}</span>
      {error && <span className="mt-1 block text-xs font-medium text-wine-700">{error}</span>}
    </label>
  );
}

export const filterInputClass =
  'block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base outline-none focus:border-wine-600 focus:ring-2 focus:ring-wine-100 sm:text-sm';
