import { productReviewsQuerySchema, type ReviewSort } from '@shop/core';

// The product page's reviews live in its URL beside the colour and size: ?reviewSort=helpful&reviewPage=2.

export const REVIEW_SORT_PARAM = 'reviewSort';
export const REVIEW_PAGE_PARAM = 'reviewPage';

/** The page and sort of the product page's reviews; anything malformed is the first page, most recent first. */
export function reviewQueryOf(search: URLSearchParams): { page: number; sort: ReviewSort } {
  const page = productReviewsQuerySchema.shape.page.safeParse(search.get(REVIEW_PAGE_PARAM) ?? undefined);
  const sort = productReviewsQuerySchema.shape.sort.safeParse(search.get(REVIEW_SORT_PARAM) ?? undefined);
  return { page: (page.success && page.data) || 1, sort: (sort.success && sort.data) || 'recent' };
}

/** The same search with the reviews' page or sort changed (page 1 and the recent sort are left out). */
export function reviewSearch(search: URLSearchParams, changes: { page?: number; sort?: ReviewSort }): string {
  const next = new URLSearchParams(search);
  if (changes.sort !== undefined) {
    if (changes.sort === 'recent') next.delete(REVIEW_SORT_PARAM);
    else next.set(REVIEW_SORT_PARAM, changes.sort);
    next.delete(REVIEW_PAGE_PARAM);
  }
  if (changes.page !== undefined) {
    if (changes.page <= 1) next.delete(REVIEW_PAGE_PARAM);
    else next.set(REVIEW_PAGE_PARAM, String(changes.page));
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
}

/** Whether two addresses of the product page show different reviews (another page or sort). */
export const reviewsChanged = (a: URL, b: URL) =>
  a.searchParams.get(REVIEW_SORT_PARAM) !== b.searchParams.get(REVIEW_SORT_PARAM) ||
  a.searchParams.get(REVIEW_PAGE_PARAM) !== b.searchParams.get(REVIEW_PAGE_PARAM);
