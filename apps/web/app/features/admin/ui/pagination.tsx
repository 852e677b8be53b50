import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

/** 'Showing 51–100 of 240' and Previous / Next links that keep the page's filters. */
export function Pagination({ page, limit, total }: { page: number; limit: number; total: number }) {
  const [searchParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const link = 'btn btn-outline px-4 aria-disabled:pointer-events-none aria-disabled:opacity-40';
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        Showing {first.toLocaleString('en-IN')}–{last.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <Link to={to(page - 1)} className={link} aria-disabled={page <= 1 || undefined} tabIndex={page <= 1 ? -1 : undefined}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
          </Link>
          <Link to={to(page + 1)} className={link} aria-disabled={page >= pages || undefined} tabIndex={page >= pages ? -1 : undefined}>
            Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      )}
    </nav>
  );
}
