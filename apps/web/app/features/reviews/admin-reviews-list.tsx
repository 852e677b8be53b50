import { ADMIN_REVIEW_FILTERS, type AdminReview } from '@shop/core';
import { Eye, EyeOff } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { ConfirmButton } from '../../components/confirm-dialog';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { TextAreaField } from '../../components/form-field';
import { EmptyState, PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { Stars } from '../../components/stars';
import { formatDateTime } from '../../lib/order-format';
import { ReviewPhotos } from './review-photos';

type Filter = (typeof ADMIN_REVIEW_FILTERS)[number];

const FILTER_LABELS: Record<Filter, string> = { all: 'All', visible: 'Visible', hidden: 'Hidden' };

const TAB =
  'inline-flex min-h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine-600 hover:text-wine-700 aria-[current=page]:border-wine-700 aria-[current=page]:bg-wine-700 aria-[current=page]:text-white';

/** The shop's public answer: a small form; an empty one takes the answer down. */
function ReplyForm({ review }: { review: AdminReview }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const busy = fetcher.state !== 'idle';
  const id = `reply-${review._id}`;
  return (
    <fetcher.Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={review._id} />
      <Enhanced />
      <TextAreaField
        // A new answer from the server (posted, removed) shows as it is saved.
        key={review.reply ?? ''}
        id={id}
        label={review.reply ? 'Your reply' : 'Reply in public'}
        name="reply"
        rows={2}
        maxLength={1000}
        defaultValue={review.reply ?? ''}
        hint="Shown under the review on the product page. Leave it empty and post to remove it."
      />
      <button type="submit" className="btn btn-outline mt-2 min-h-10 px-4" disabled={busy}>
        {busy ? 'Posting...' : 'Post reply'}
      </button>
    </fetcher.Form>
  );
}

/** Shows a hidden review again: one button, no question (hiding it again is as easy). */
function UnhideButton({ review }: { review: AdminReview }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="unhide" />
      <input type="hidden" name="reviewId" value={review._id} />
      <Enhanced />
      <button type="submit" className="btn btn-outline min-h-10 px-4" disabled={busy}>
        <Eye aria-hidden="true" className="h-4 w-4" /> {busy ? 'Showing...' : 'Unhide'}
      </button>
    </fetcher.Form>
  );
}

function ReviewRow({ review, isOwner, productHref }: { review: AdminReview; isOwner: boolean; productHref: string }) {
  const hidden = review.hiddenAt !== null;
  return (
    <li className="p-4 sm:p-5">
      <article aria-labelledby={`review-${review._id}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm">
              <Link to={productHref} className="font-semibold text-wine-700 hover:underline">
                {review.productName || 'A product'}
              </Link>
            </p>
            <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-sm text-muted">
              <span className="break-all">{review.userEmail}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={review.createdAt} className="whitespace-nowrap">
                {formatDateTime(review.createdAt)}
              </time>
            </p>
          </div>
          <div className="flex items-center gap-2">
            {hidden ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-sand px-3 py-1 text-xs font-semibold text-ink">
                <EyeOff aria-hidden="true" className="h-3.5 w-3.5" /> Hidden
              </span>
            ) : (
              <span className="rounded-full bg-[#e6f4ec] px-3 py-1 text-xs font-semibold text-[#1d7a46]">Visible</span>
            )}
            {isOwner && hidden && <UnhideButton review={review} />}
            {isOwner && !hidden && (
              <div>
                <ConfirmButton
                  label={
                    <>
                      <EyeOff aria-hidden="true" className="h-4 w-4" /> Hide
                    </>
                  }
                  title="Hide this review?"
                  message={`“${review.title}” by ${review.author} no longer shows on ${review.productName || 'the product page'}, and its stars stop counting. The shopper is told your reason.`}
                  confirmLabel="Hide review"
                  fields={{ intent: 'hide', reviewId: review._id }}
                  tone="danger"
                >
                  <div className="mt-4">
                    <TextAreaField label="Reason" id={`reason-${review._id}`} name="reason" required rows={3} maxLength={300} />
                  </div>
                </ConfirmButton>
              </div>
            )}
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={review.rating} />
          <h2 id={`review-${review._id}`} className="font-sans text-base font-semibold">
            {review.title}
          </h2>
        </div>
        <p className="mt-2 whitespace-pre-line text-sm leading-6">{review.text}</p>
        <ReviewPhotos photos={review.photos} author={review.author} className="mt-3" />
        <p className="mt-2 text-xs text-muted">
          By {review.author} · {review.helpfulCount} found it helpful
        </p>
        {hidden && review.hiddenReason && (
          <p className="mt-3 rounded-xl bg-sand/60 px-3 py-2 text-sm">
            <span className="font-semibold">Hidden:</span> {review.hiddenReason}
          </p>
        )}
        {!isOwner && review.reply && (
          <p className="mt-3 rounded-xl border-l-4 border-gold-400 bg-sand/60 px-3 py-2 text-sm">
            <span className="font-semibold">Shop&apos;s reply:</span> {review.reply}
          </p>
        )}
        {isOwner && (
          <div className="mt-2 border-t border-line pt-2">
            <ReplyForm review={review} />
          </div>
        )}
      </article>
    </li>
  );
}

/** /admin/reviews: every review newest first, by All / Visible / Hidden; owners hide (with a reason) and reply. */
export function AdminReviewsList({
  reviews,
  total,
  page,
  limit,
  status,
  isOwner,
  reviewsHref,
  productHref,
}: {
  reviews: AdminReview[];
  total: number;
  page: number;
  limit: number;
  status: Filter;
  isOwner: boolean;
  /** This page's path, for its filter tabs. */
  reviewsHref: string;
  /** A review's product in the back-office. */
  productHref: (productId: string) => string;
}) {
  return (
    <>
      <PageHeader
        title="Reviews"
        description={`${total.toLocaleString('en-IN')} ${total === 1 ? 'review' : 'reviews'}${isOwner ? '' : ' · Only owners hide and reply'}`}
      />
      <nav aria-label="Show reviews" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {ADMIN_REVIEW_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={filter === 'all' ? reviewsHref : `${reviewsHref}?status=${filter}`}
                aria-current={filter === status ? 'page' : undefined}
                className={TAB}
              >
                {FILTER_LABELS[filter]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {reviews.length === 0 ? (
        <EmptyState title={status === 'all' ? 'No reviews yet.' : `No ${FILTER_LABELS[status].toLowerCase()} reviews.`} />
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white" aria-label="Reviews">
          {reviews.map((review) => (
            <ReviewRow key={review._id} review={review} isOwner={isOwner} productHref={productHref(review.productId)} />
          ))}
        </ul>
      )}
      <Pager total={total} page={page} limit={limit} noun="reviews" />
    </>
  );
}
