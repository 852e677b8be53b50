import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { Flash } from '../lib/flash';
import { toast } from '../lib/toast';
import { Enhanced, useHydrated } from './enhanced';
import { Modal } from './modal';

interface ConfirmProps {
  /** The button that asks: 'Delete', 'Archive', 'Block'. */
  label: ReactNode;
  /** The question: 'Delete Kurtas?'. */
  title: string;
  message: ReactNode;
  /** The button that does it: 'Delete', 'Block shopper'. */
  confirmLabel: string;
  /** What the form posts (hidden fields), e.g. `{ intent: 'delete', categoryId }`. */
  fields: Record<string, string>;
  /** Where it posts: the page's own action when not given (a resource route's path otherwise). */
  action?: string;
  /**
   * The toast for an action that answers `{ ok: true }` without a `toast` of its own (an action answering with
   * lib/flash.server.ts `done` says what happened itself, with and without scripts).
   */
  success?: string;
  /** 'icon': a round button over a picture (its label an icon and words for screen readers). */
  tone?: 'outline' | 'danger' | 'icon';
  className?: string;
  /** More fields of the confirming form, shown under the message (a reason, a note). */
  children?: ReactNode;
}

const buttonClass = (tone: ConfirmProps['tone']) =>
  tone === 'icon'
    ? 'inline-flex min-h-9 min-w-9 cursor-pointer items-center justify-center rounded-full bg-white/95 p-1.5 text-ink shadow hover:bg-white hover:text-wine-700'
    : `btn min-h-10 px-4 ${tone === 'danger' ? 'border border-wine-700 text-wine-700 hover:bg-wine-50' : 'btn-outline'}`;

/**
 * A button that asks first ('Delete this category?'), then posts `fields` to the page's action. Without scripts
 * it is a native disclosure (`<details>`): the question and a real form open in place, Cancel reloads the page.
 * With scripts it opens a modal and posts through a fetcher; the answer shows as a toast and the page's data
 * reloads by itself.
 */
export function ConfirmButton(props: ConfirmProps) {
  return useHydrated() ? <ConfirmModal {...props} /> : <ConfirmDisclosure {...props} />;
}

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** A position utility in the caller's classes wins over the disclosure's own `relative` (both in one class list would tie). */
const POSITIONED = /(^|\s)(static|fixed|absolute|relative|sticky)(\s|$)/;

/** The server's HTML (and a page whose scripts never run): `<details>` with the question and a plain form. */
function ConfirmDisclosure({ label, title, message, confirmLabel, fields, action, tone, className = '', children }: ConfirmProps) {
  const { pathname, search } = useLocation();
  const titleId = useId();
  return (
    <details className={`${POSITIONED.test(className) ? '' : 'relative '}inline-block text-left ${className}`}>
      <summary className={`${buttonClass(tone)} list-none [&::-webkit-details-marker]:hidden`}>{label}</summary>
      <div
        role="group"
        aria-labelledby={titleId}
        // A sheet along the bottom on a phone, as the modal is (a button at the left would push a popover off screen);
        // under its button on a wide screen.
        className="fixed inset-x-4 bottom-4 z-30 max-h-[80dvh] overflow-y-auto rounded-2xl border border-line bg-white p-4 text-left shadow-xl lg:absolute lg:inset-x-auto lg:bottom-auto lg:right-0 lg:z-20 lg:mt-2 lg:w-80"
      >
        <p id={titleId} className="font-semibold text-ink">
          {title}
        </p>
        <div className="mt-1 text-sm text-muted">{message}</div>
        <form method="post" action={action} className="mt-4">
          <HiddenFields fields={fields} />
          {children}
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <a href={pathname + search} className="btn btn-outline">
              Cancel
            </a>
            <button type="submit" className="btn btn-primary">
              {confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </details>
  );
}

type Answer = { ok?: boolean; toast?: Flash; error?: string | null } | undefined;

/** Once the scripts run: the button opens a modal whose form posts through a fetcher. */
function ConfirmModal({ label, title, message, confirmLabel, fields, action, success, tone, className = '', children }: ConfirmProps) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  // The message of what was submitted: the page reloads before the answer shows, and may by then offer the opposite (Block → Unblock).
  const submitted = useRef(success);
  const shown = useRef<unknown>(undefined);
  const answer = fetcher.data as Answer;
  const busy = fetcher.state !== 'idle';
  // The answer is here once the post is done ('loading' while the page's data reloads): it is told at once, since
  // the reloaded page may no longer show this button (an archived product, a revoked invite's row).
  const answered = fetcher.state !== 'submitting' && answer !== undefined;
  // A success closes the dialog once (set while rendering: the answer is known now, no effect needed).
  const [closedFor, setClosedFor] = useState<Answer>(undefined);
  if (answered && answer?.ok && closedFor !== answer) {
    setClosedFor(answer);
    setOpen(false);
  }
  useEffect(() => {
    if (!answered || !answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.toast) toast[answer.toast.kind](answer.toast.message);
    else if (answer.ok && submitted.current) toast.success(submitted.current);
    else if (answer.ok === false) toast.error(answer.error || 'An unknown error occurred.');
  }, [answered, answer]);
  return (
    <>
      <button type="button" className={`${buttonClass(tone)} ${className}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Modal title={title} onClose={() => setOpen(false)}>
          <div className="text-sm text-muted">{message}</div>
          <fetcher.Form method="post" action={action} onSubmit={() => (submitted.current = success)}>
            <HiddenFields fields={fields} />
            <Enhanced />
            {children}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'Saving...' : confirmLabel}
              </button>
            </div>
          </fetcher.Form>
        </Modal>
      )}
    </>
  );
}
