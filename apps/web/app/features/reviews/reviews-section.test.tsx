import type { ProductReviews } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReviewsSection, type MyReview } from './reviews-section';

const PRODUCT_ID = '5d0c7e8a-4b1f-4c2d-9e3a-1f2b3c4d5e6f';
const none: ProductReviews = {
  reviews: [],
  summary: { average: 0, count: 0, byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
  total: 0,
  page: 1,
  limit: 10,
};

/** The section's server HTML on the product page, as `mine` says she stands. */
function sectionHtml(mine: MyReview): string {
  const element = <ReviewsSection productId={PRODUCT_ID} reviews={none} sort="recent" mine={mine} shopName="Meera’s Boutique" />;
  const router = createMemoryRouter([{ path: '/product/:productId', element }], { initialEntries: [`/product/${PRODUCT_ID}`] });
  return renderToStaticMarkup(<RouterProvider router={router} />).replace(/<!-- -->/g, '');
}

describe("the product page's reviews for the author of a hidden review (issue 38)", () => {
  it('tells her it is hidden and why, beside the link to edit it, and does not ask her to be the first', () => {
    const html = sectionHtml({
      canReview: true,
      reviewed: true,
      hidden: { title: 'Call me', reason: 'It shares a phone number.' },
    });
    expect(html).toContain('role="status"');
    expect(html).toContain('Your review “Call me” is hidden');
    expect(html).toContain('Meera’s Boutique took it off this product’s page: “It shares a phone number.”');
    expect(html).toContain('Edit your review');
    expect(html).toContain('No reviews yet.</p>');
    expect(html).not.toContain('Be the first');
  });

  it('asks a shopper who received it and has not reviewed it to be the first, with no notice', () => {
    const html = sectionHtml({ canReview: true, reviewed: false, hidden: null });
    expect(html).toContain('No reviews yet. Be the first to tell others what you thought.');
    expect(html).not.toContain('is hidden');
  });
});
