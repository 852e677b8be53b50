import { Check } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

/**
 * One numbered step of checkout (spec §2.7): the number (a tick once done), the title, what was chosen when
 * the step is done and closed, and its content while open. Steps not reached yet show only their title.
 */
export function CheckoutStep({
  number,
  title,
  state,
  summary,
  action,
  headingRef,
  children,
}: {
  number: number;
  title: string;
  state: 'open' | 'done' | 'waiting';
  summary?: ReactNode;
  action?: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children?: ReactNode;
}) {
  const open = state === 'open';
  return (
    <li
      className={`rounded-2xl border bg-white ${open ? 'border-wine-100 shadow-sm' : 'border-line'}`}
      aria-current={open ? 'step' : undefined}
    >
      <div className={`flex items-start gap-4 px-4 py-4 sm:px-6 ${open ? 'rounded-t-2xl bg-wine-700 text-white' : ''}`}>
        <span
          aria-hidden="true"
          className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
            open ? 'bg-white text-wine-700' : state === 'done' ? 'bg-wine-50 text-wine-700' : 'bg-sand text-muted'
          }`}
        >
          {state === 'done' ? <Check className="h-4 w-4" /> : number}
        </span>
        <div className="min-w-0 flex-1">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className={`font-sans text-sm font-semibold uppercase leading-7 tracking-[0.12em] outline-none ${open ? 'text-white' : state === 'waiting' ? 'text-muted' : 'text-ink'}`}
          >
            <span className="sr-only">Step {number}: </span>
            {title}
            {state === 'done' && <span className="sr-only"> (done)</span>}
          </h2>
          {state === 'done' && summary && <div className="mt-1 text-sm text-ink">{summary}</div>}
        </div>
        {state === 'done' && action}
      </div>
      {open && children && <div className="px-4 py-5 sm:px-6">{children}</div>}
    </li>
  );
}
