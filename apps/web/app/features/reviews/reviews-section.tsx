import type { ProductReviews, Review, ReviewSort } from '@shop/core';
import { BadgeCheck, ChevronLeft, ChevronRight, PenLine, ThumbsUp } from 'lucide-react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { formatRating, Stars } from '../../components/stars';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/order-format';
import { HiddenReviewNotice, type HiddenReview } from './hidden-review-notice';
import { ReviewPhotos } from './review-photos';
import { reviewSearch } from './review-query';

/** What the product page's loader says about the signed-in shopper and this product. */
export interface MyReview {
  /** She received it, so she may review it. */
  canReview: boolean;
  /** She has reviewed it already: the link edits hers. */
  reviewed: boolean;
  /** The owner hid hers: she is told so, and why (issue 38). */
  hidden: HiddenReview | null;
}

const SORTS: ReadonlyArray<{ sort: ReviewSort; label: string }> = [
  { sort: 'recent', label: 'Most recent' },
  { sort: 'helpful', label: 'Most helpful' },
];

const reviewCount = (count: number) => (count === 1 ? '1 review' : `${count.toLocaleString('en-IN')} reviews`);

/** The average, its stars, the count and a bar for each star from 5 to 1. */
function Summary({ summary }: { summary: ProductReviews['summary'] }) {
  return (
    <div className="rounded-2xl border border-line bg-white p-5">
      <div className="flex items-center gap-4">
        <p className="text-5xl font-semibold tabular-nums leading-none" aria-hidden="true">
          {formatRating(summary.average)}
        </p>
        <div>
          <Stars rating={summary.average} size="lg" />
          <p className="mt-1 text-sm text-muted">Based on {reviewCount(summary.count)}</p>
        </div>
      </div>
      <ul className="mt-5 space-y-2" aria-label="Reviews by stars">
        {([5, 4, 3, 2, 1] as const).map((star) => {
          const count = summary.byStars[star];
          const share = summary.count === 0 ? 0 : Math.round((count / summary.count) * 100);
          return (
            <li key={star} className="grid grid-cols-[2.5rem_1fr_2.5rem] items-center gap-3 text-sm">
              <span aria-hidden="true" className="whitespace-nowrap tabular-nums">
                {star} <span className="text-gold-600">★</span>
              </span>
              <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-sand">
                <span className="block h-full rounded-full bg-gold-400" style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden="true" className="text-right tabular-nums text-muted">
                {count}
              </span>
              <span className="sr-only">{`${star} ${star === 1 ? 'star' : 'stars'}: ${reviewCount(count)}`}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** 'Helpful (3)': a form to the product page's action (a signed-out shopper is sent to log in and back). */
function HelpfulButton({ review }: { review: Review }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" preventScrollReset onSubmit={(event) => busy && event.preventDefault()}>
      <input type="hidden" name="intent" value="markHelpful" />
      <input type="hidden" name="reviewId" value={review._id} />
      <Enhanced />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        aria-label={`Helpful (${review.helpfulCount}): ${review.title}`}
        className="inline-flex min-h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine-600 hover:text-wine-700"
      >
        <ThumbsUp aria-hidden="true" className="h-4 w-4" />
        Helpful ({review.helpfulCount})
      </button>
    </fetcher.Form>
  );
}

function ReviewItem({ review, shopName }: { review: Review; shopName: string }) {
  return (
    <li className="py-6 first:pt-0 last:pb-0">
      <article aria-labelledby={`review-${review._id}`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={review.rating} />
          <h3 id={`review-${review._id}`} className="font-sans text-base font-semibold">
            {review.title}
          </h3>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span className="font-medium text-ink">{review.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          {review.verifiedPurchase && (
            <span className="inline-flex items-center gap-1 font-medium text-[#1d7a46]">
              <BadgeCheck aria-hidden="true" className="h-4 w-4" /> Verified purchase
            </span>
          )}
        </p>
        <p className="mt-3 whitespace-pre-line leading-7">{review.text}</p>
        <ReviewPhotos photos={review.photos} author={review.author} className="mt-3" />
        {review.reply && (
          <div className="mt-4 rounded-xl border-l-4 border-gold-400 bg-sand/60 px-4 py-3 text-sm">
            <p className="font-semibold">Reply from {shopName}</p>
            <p className="mt-1 whitespace-pre-line leading-6">{review.reply}</p>
          </div>
        )}
        <div className="mt-4">
          <HelpfulButton review={review} />
        </div>
      </article>
    </li>
  );
}

/**
 * The product page's reviews (issue 28): the stars' summary, the reviews of this page in the chosen order (links:
 * they live in the URL, and work without scripts), and, for a shopper who received the product, a link to write
 * hers or edit it.
 */
export function ReviewsSection({
  productId,
  reviews,
  sort,
  mine,
  shopName,
}: {
  productId: string;
  reviews: ProductReviews;
  sort: ReviewSort;
  mine: MyReview;
  shopName: string;
}) {
  const [search] = useSearchParams();
  const { summary, page, limit, total } = reviews;
  const pages = Math.max(1, Math.ceil(total / limit));
  const write = mine.canReview || mine.reviewed;
  const pageLink =
    'inline-flex min-h-10 items-center gap-1 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine-600 aria-disabled:pointer-events-none aria-disabled:opacity-40';
  return (
    <section id="reviews" className="mt-16 scroll-mt-28" aria-labelledby="reviews-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-semibold">
          Reviews
          {summary.count > 0 && <span className="ml-2 text-lg font-normal text-muted">({summary.count.toLocaleString('en-IN')})</span>}
        </h2>
        {write && (
          <Link to={paths.userReview(productId)} className="btn btn-outline">
            <PenLine aria-hidden="true" className="h-4 w-4" />
            {mine.reviewed ? 'Edit your review' : 'Write a review'}
          </Link>
        )}
      </div>

      {mine.hidden && <HiddenReviewNotice hidden={mine.hidden} shopName={shopName} className="mt-4" />}

      {summary.count === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-line bg-white/60 px-5 py-8 text-center text-muted">
          No reviews yet.
          {mine.reviewed
            ? ''
            : write
              ? ' Be the first to tell others what you thought.'
              : ' Shoppers who buy it can review it once it is delivered.'}
        </p>
      ) : (
        <div className="mt-6 grid items-start gap-8 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-12">
          <div className="lg:sticky lg:top-36">
            <Summary summary={summary} />
          </div>
          <div className="min-w-0">
            <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-2 border-b border-line pb-4">
              <span className="mr-1 text-sm text-muted">Sort by</span>
              {SORTS.map((option) => (
                <Link
                  key={option.sort}
                  to={`${reviewSearch(search, { sort: option.sort })}#reviews`}
                  replace
                  preventScrollReset
                  aria-current={option.sort === sort ? 'true' : undefined}
                  className="inline-flex min-h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine-600 aria-[current=true]:border-wine-700 aria-[current=true]:bg-wine-700 aria-[current=true]:text-white"
                >
                  {option.label}
                </Link>
              ))}
            </nav>
            <ul className="mt-6 divide-y divide-line" aria-label="Reviews">
              {reviews.reviews.map((review) => (
                <ReviewItem key={review._id} review={review} shopName={shopName} />
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label="Review pages" className="mt-8 flex items-center justify-between gap-3 border-t border-line pt-4 text-sm">
                <Link
                  to={`${reviewSearch(search, { page: page - 1 })}#reviews`}
                  preventScrollReset
                  aria-disabled={page <= 1 || undefined}
                  tabIndex={page <= 1 ? -1 : undefined}
                  className={pageLink}
                >
                  <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
                </Link>
                <span className="text-muted">
                  Page {page} of {pages}
                </span>
                <Link
                  to={`${reviewSearch(search, { page: page + 1 })}#reviews`}
                  preventScrollReset
                  aria-disabled={page >= pages || undefined}
                  tabIndex={page >= pages ? -1 : undefined}
                  className={pageLink}
                >
                  Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              </nav>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
