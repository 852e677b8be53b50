import { formatIndianInteger } from '@shop/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { pageInfo, withPage } from '../lib/list-query';

/** 'Showing 51–100 of 1,30,000 orders' with Previous and Next links that keep the filters in the URL. */
export function Pager({ total, page, limit, noun }: { total: number; page: number; limit: number; noun: string }) {
  const [search] = useSearchParams();
  const info = pageInfo({ total, page, limit });
  const link = 'btn btn-outline min-h-10 px-4 aria-disabled:pointer-events-none aria-disabled:opacity-40';
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p>
        {total === 0
          ? `No ${noun}`
          : `Showing ${formatIndianInteger(info.first)}–${formatIndianInteger(info.last)} of ${formatIndianInteger(total)} ${noun}`}
      </p>
      {info.pages > 1 && (
        <div className="flex items-center gap-2">
          <Link
            className={link}
            to={withPage(search, page - 1) || '?'}
            aria-disabled={!info.hasPrevious || undefined}
            tabIndex={info.hasPrevious ? undefined : -1}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
          </Link>
          <span className="hidden sm:inline">
            Page {page} of {info.pages}
          </span>
          <Link
            className={link}
            to={withPage(search, page + 1)}
            aria-disabled={!info.hasNext || undefined}
            tabIndex={info.hasNext ? undefined : -1}
          >
            Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      )}
    </nav>
  );
}
