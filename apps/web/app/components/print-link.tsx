import { Printer, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { openInvoiceWindow } from '../lib/invoice-window';

/**
 * A link to a printable page (a bill's or an order's invoice, a credit note): without scripts it opens the page in a
 * new tab, which prints; with them, its own 800×600 window that prints (spec §2.18). `path` may carry a query.
 */
export function PrintLink({
  path,
  children,
  label,
  icon: Icon = Printer,
  className = 'btn btn-outline',
}: {
  path: string;
  children: ReactNode;
  /** The accessible name when the visible text alone would not tell the links of a list apart. */
  label?: string;
  icon?: LucideIcon;
  className?: string;
}) {
  return (
    <a
      href={`${path}${path.includes('?') ? '&' : '?'}print=1`}
      target="_blank"
      rel="noopener"
      aria-label={label}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        openInvoiceWindow(path);
      }}
    >
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" /> {children}
    </a>
  );
}
