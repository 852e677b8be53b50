import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useHydrated } from './enhanced';
import { Modal } from './modal';

// A dialog whose open state is a parameter of the page's address (`?new`, `?history=<id>`): the loader can
// answer what it shows, the back button closes it, and it works without scripts — a link opens it and its
// content shows in the page; once the scripts run it is a modal over the page.

/** The page's search with `name` set to `value`, or without it when `value` is null ('' when nothing is left). */
export function searchWith(search: string, name: string, value: string | null): string {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** The page's address without the dialog's parameter: where its forms go back to once done, and what closes it. */
export function useClosedHref(name: string): string {
  const { pathname, search } = useLocation();
  return pathname + searchWith(search, name, null);
}

/**
 * What opens the dialog `name`: a link in the server's HTML, a button once the scripts run (the spec's buttons,
 * 'Upload Images', 'Add Variant'). Both put `name=value` in the address.
 */
export function UrlModalOpener({
  name,
  value = '1',
  className,
  label,
  children,
}: {
  name: string;
  value?: string;
  className?: string;
  /** The accessible name when the content is an icon. */
  label?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const to = pathname + searchWith(search, name, value);
  if (!hydrated)
    return (
      <Link to={to} className={className} aria-label={label}>
        {children}
      </Link>
    );
  return (
    <button type="button" className={className} aria-label={label} onClick={() => void navigate(to, { preventScrollReset: true })}>
      {children}
    </button>
  );
}

/** The modal's widths (components/modal.tsx), for the same content in the page. */
const SECTION_WIDTHS = { md: 'max-w-lg', xl: 'max-w-xl', '3xl': 'max-w-3xl' } as const;

/**
 * A dialog over the page once the scripts run; before (or without) them, a section of the page in its place,
 * whose Close is a link to `closeHref` (the page as it was). For what an action answered (an import's report)
 * and for UrlModal.
 */
export function PageDialog({
  title,
  onClose,
  closeHref,
  width = 'md',
  children,
}: {
  title: string;
  onClose: () => void;
  closeHref: string;
  width?: 'md' | 'xl' | '3xl';
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (hydrated)
    return (
      <Modal title={title} width={width} onClose={onClose}>
        {children}
      </Modal>
    );
  return (
    <section aria-label={title} className={`mb-5 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6 ${SECTION_WIDTHS[width]}`}>
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 className="font-display text-xl font-semibold text-ink">{title}</h2>
        <Link to={closeHref} className="-m-2 rounded-full p-2 text-sm font-medium text-muted hover:bg-sand hover:text-ink">
          Close
        </Link>
      </div>
      {children}
    </section>
  );
}

/**
 * The dialog `name`, shown while the address has that parameter: a modal once the scripts run (closing it takes
 * the parameter away), a section of the page before (its Close is a link to the page without it).
 */
export function UrlModal({
  name,
  title,
  width,
  children,
}: {
  name: string;
  title: string;
  width?: 'md' | 'xl' | '3xl';
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const closed = useClosedHref(name);
  if (!new URLSearchParams(search).has(name)) return null;
  return (
    <PageDialog
      title={title}
      width={width}
      closeHref={closed}
      onClose={() => void navigate(closed, { preventScrollReset: true, replace: true })}
    >
      {children}
    </PageDialog>
  );
}
