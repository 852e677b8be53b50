import { Fragment } from 'react';
import { Link } from 'react-router';

/** 'Home / … / This page': links for the trail, plain text for the current page. */
export function Breadcrumbs({ trail = [], current }: { trail?: Array<{ label: string; to: string }>; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap gap-2">
        {[{ label: 'Home', to: '/' }, ...trail].map((item) => (
          <Fragment key={item.to}>
            <li>
              <Link to={item.to} className="hover:text-wine-700 hover:underline">
                {item.label}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page" className="text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}
