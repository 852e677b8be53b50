import { Link, useSearchParams } from 'react-router';
import { pageInfo, withPage } from '../lib/list-query';

/** 'Showing 51–100 of 130' with previous and next links that keep the filters in the URL. */
export function Pager({ total, page, limit, noun }: { total: number; page: number; limit: number; noun: string }) {
  const [search] = useSearchParams();
  const info = pageInfo({ total, page, limit });
  const link = 'btn btn-outline min-h-10 px-4';
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p>{total === 0 ? `No ${noun}` : `Showing ${info.first}–${info.last} of ${total} ${noun}`}</p>
      {info.pages > 1 && (
        <div className="flex gap-2">
          {info.hasPrevious ? (
            <Link className={link} to={withPage(search, page - 1) || '?'}>
              Previous
            </Link>
          ) : null}
          <span className="self-center">
            Page {page} of {info.pages}
          </span>
          {info.hasNext ? (
            <Link className={link} to={withPage(search, page + 1)}>
              Next
            </Link>
          ) : null}
        </div>
      )}
    </nav>
  );
}
