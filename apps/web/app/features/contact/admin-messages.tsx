import { CONTACT_FILTERS, CONTACT_LIMITS, type AdminContactMessage, type ContactFilter } from '@shop/core';
import { Check, Mail, Phone } from 'lucide-react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Chip } from '../../components/chip';
import { FormFailure } from '../../components/form-failure';
import { TextAreaField } from '../../components/form-field';
import { EmptyState, PageHeader, Panel } from '../../components/page-header';
import { Pager } from '../../components/pager';
import type { Failure } from '../../lib/failure';
import { formatDateTime } from '../../lib/order-format';

// The back-office's inbox of contact form messages (issue 38): any admin reads them, replies (mailed to the
// sender) and marks them handled. Every change is a plain form posting to its page's action.

const FILTER_LABELS: Record<ContactFilter, string> = { all: 'All', unhandled: 'Waiting', handled: 'Handled' };

const TAB =
  'inline-flex min-h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine-600 hover:text-wine-700 aria-[current=page]:border-wine-700 aria-[current=page]:bg-wine-700 aria-[current=page]:text-white';

function StatusChip({ message }: { message: AdminContactMessage }) {
  if (!message.handledAt) return <Chip tone="warn">Waiting</Chip>;
  return <Chip tone="good">{message.replies.length > 0 ? 'Replied' : 'Handled'}</Chip>;
}

/**
 * 'Mark handled': one button, no question (a message may need no answer: spam, or answered by phone). It posts to
 * the message's own page; from the list, `_back` brings a plain post back to the list as it was.
 */
function MarkHandledButton({ action, sender, compact = false }: { action: string; sender?: string; compact?: boolean }) {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const busy =
    navigation.state === 'submitting' && navigation.formAction === action && navigation.formData?.get('intent') === 'markHandled';
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="markHandled" />
      <input type="hidden" name="_back" value={pathname + search} />
      <button type="submit" className={`btn btn-outline ${compact ? 'min-h-10 px-3' : 'min-h-11 px-4'}`} disabled={busy}>
        <Check aria-hidden="true" className="h-4 w-4" /> {busy ? 'Marking...' : 'Mark handled'}
        {/* In the list every row has one: each says whose message it is. */}
        {sender && <span className="sr-only"> (message from {sender})</span>}
      </button>
    </Form>
  );
}

/** /admin/messages: those waiting first, by All / Waiting / Handled; each opens to be answered. */
export function AdminMessagesList({
  messages,
  total,
  page,
  limit,
  unhandled,
  status,
  href,
  messageHref,
}: {
  messages: AdminContactMessage[];
  total: number;
  page: number;
  limit: number;
  unhandled: number;
  status: ContactFilter;
  /** This page's path, for its filter tabs. */
  href: string;
  messageHref: (messageId: string) => string;
}) {
  return (
    <>
      <PageHeader
        title="Messages"
        description={`From the contact form · ${unhandled === 0 ? 'none waiting' : `${unhandled.toLocaleString('en-IN')} waiting for an answer`}`}
      />
      <nav aria-label="Show messages" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {CONTACT_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={filter === 'all' ? href : `${href}?status=${filter}`}
                aria-current={filter === status ? 'page' : undefined}
                className={TAB}
              >
                {FILTER_LABELS[filter]}
                {filter === 'unhandled' && unhandled > 0 && <span className="ml-1.5 tabular-nums">({unhandled})</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {messages.length === 0 ? (
        <EmptyState
          title={status === 'unhandled' ? 'No message is waiting.' : status === 'handled' ? 'No handled messages.' : 'No messages yet.'}
        >
          Messages sent through the contact page show here, and are mailed to the shop&apos;s address.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white" aria-label="Messages">
          {messages.map((message) => (
            <li key={message._id} className={`p-4 sm:p-5 ${message.handledAt ? '' : 'bg-gold-400/5'}`}>
              <article aria-labelledby={`message-${message._id}`}>
                <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                  <div className="min-w-0 flex-1">
                    <h2 id={`message-${message._id}`} className="font-sans text-base font-semibold">
                      <Link to={messageHref(message._id)} className="text-wine-700 hover:underline">
                        {message.name}
                      </Link>
                    </h2>
                    <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-sm text-muted">
                      <span className="break-all">{message.email}</span>
                      <span aria-hidden="true">·</span>
                      <time dateTime={message.createdAt} className="whitespace-nowrap">
                        {formatDateTime(message.createdAt)}
                      </time>
                    </p>
                  </div>
                  <StatusChip message={message} />
                </div>
                <p className="mt-2 line-clamp-2 whitespace-pre-line break-words text-sm leading-6">{message.message}</p>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <Link to={messageHref(message._id)} className={`btn ${message.handledAt ? 'btn-outline' : 'btn-primary'} min-h-10 px-4`}>
                    {message.handledAt ? 'Open' : 'Open and reply'}
                    <span className="sr-only"> (message from {message.name})</span>
                  </Link>
                  {!message.handledAt && <MarkHandledButton action={messageHref(message._id)} sender={message.name} compact />}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager total={total} page={page} limit={limit} noun="messages" />
    </>
  );
}

/** What a refused reply sends back to its form: the failure and the words typed. */
export type ReplyFailure = Failure & { values: { message: string } };

/** /admin/messages/{id}: the message, the shop's replies, the reply form and 'Mark handled'. */
export function AdminMessageView({
  message,
  href,
  listHref,
  failure,
}: {
  message: AdminContactMessage;
  /** This page's path (its forms post here). */
  href: string;
  listHref: string;
  /** A refused reply (plain post or not): its message beside the field, the text as typed. */
  failure: ReplyFailure | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'reply';
  const phoneHref = message.phone ? `tel:+91${message.phone}` : null;
  return (
    <>
      <PageHeader
        title={message.name}
        description={
          <>
            <Link to={listHref} className="font-medium text-wine-700 hover:underline">
              Messages
            </Link>{' '}
            · received {formatDateTime(message.createdAt)}
          </>
        }
        actions={message.handledAt ? undefined : <MarkHandledButton action={href} />}
      />
      <div className="space-y-6">
        <Panel>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <dl className="grid min-w-0 flex-1 gap-3 text-sm sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="text-muted">E-mail</dt>
                <dd>
                  <a
                    href={`mailto:${message.email}`}
                    className="inline-flex items-center gap-1.5 break-all font-semibold text-wine-700 hover:underline"
                  >
                    <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
                    {message.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-muted">Phone</dt>
                <dd>
                  {phoneHref ? (
                    <a href={phoneHref} className="inline-flex items-center gap-1.5 font-semibold text-wine-700 hover:underline">
                      <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
                      {message.phone}
                    </a>
                  ) : (
                    <span className="font-semibold">Not given</span>
                  )}
                </dd>
              </div>
            </dl>
            <StatusChip message={message} />
          </div>
          <h2 className="sr-only">Message</h2>
          <p className="mt-4 whitespace-pre-line break-words rounded-xl bg-sand/60 px-4 py-3 text-[0.95rem] leading-7">{message.message}</p>
          {message.handledAt && (
            <p className="mt-3 text-sm text-muted">
              Handled {formatDateTime(message.handledAt)}
              {message.handledBy ? ` by ${message.handledBy}` : ''}.
            </p>
          )}
        </Panel>

        {message.replies.length > 0 && (
          <section aria-labelledby="replies-title">
            <h2 id="replies-title" className="mb-3 text-lg font-semibold">
              Replies sent
            </h2>
            <ol className="space-y-3">
              {message.replies.map((reply) => (
                <li key={reply._id} className="rounded-2xl border border-line border-l-4 border-l-gold-400 bg-white p-4">
                  <p className="text-xs text-muted">
                    <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time> · {reply.by}
                  </p>
                  <p className="mt-1.5 whitespace-pre-line break-words text-sm leading-6">{reply.message}</p>
                </li>
              ))}
            </ol>
          </section>
        )}

        <Panel title={message.replies.length > 0 ? 'Reply again' : 'Reply'}>
          <Form method="post" action={href} className="space-y-3">
            <input type="hidden" name="intent" value="reply" />
            <FormFailure failure={failure} />
            <TextAreaField
              label={`Your reply to ${message.email}`}
              id="reply-message"
              name="message"
              rows={6}
              required
              maxLength={CONTACT_LIMITS.replyMax}
              defaultValue={failure?.values.message ?? ''}
              error={failure?.fields.message}
              hint={`Mailed as you write it (greeting too), signed with the shop's name, the message quoted below${message.handledAt ? '' : '; the message is then marked handled'}.`}
            />
            <button type="submit" className="btn btn-primary min-h-11 px-5" disabled={sending}>
              {sending ? 'Sending...' : 'Send reply'}
            </button>
          </Form>
        </Panel>
      </div>
    </>
  );
}
