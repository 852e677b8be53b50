import { z } from 'zod';
import { pageParam, pagingShape } from './admin.js';
import { plainText } from './text.js';

// Reviews from real buyers (issue 28): a shopper reviews a product she received, once, and may edit it; the owner
// hides one with a reason (the shopper is told) or replies in public.

export const REVIEW_NOT_RECEIVED = 'You can review products you have received.';
export const REVIEW_SORTS = ['recent', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** Reviews a page of the product's reviews shows. */
export const REVIEWS_PAGE_SIZE = 10;
/** Photos a review may carry, in all (those kept and those added by an edit). */
export const MAX_REVIEW_PHOTOS = 3;
/** The multipart field of a review's photos (repeated), and of the ids of photos an edit takes off. */
export const REVIEW_PHOTOS_FIELD = 'photos';
export const REMOVE_PHOTOS_FIELD = 'removePhotos';
export const TOO_MANY_REVIEW_PHOTOS = `A review can have at most ${MAX_REVIEW_PHOTOS} photos.`;

/** POST /api/user/review/addReview: her review of a product, a new one or her edit of the one she wrote. */
export const addReviewSchema = z.object({
  productId: z.uuid('productId must be a product id'),
  rating: z.coerce
    .number({ error: 'Please choose 1 to 5 stars.' })
    .int('Please choose 1 to 5 stars.')
    .min(1, 'Please choose 1 to 5 stars.')
    .max(5, 'Please choose 1 to 5 stars.'),
  title: plainText({ missing: 'Please give your review a title.' })
    .trim()
    .min(1, 'Please give your review a title.')
    .max(100, 'title: at most 100 characters'),
  text: plainText({ multiline: true, missing: 'Please tell us what you thought.' })
    .trim()
    .min(1, 'Please tell us what you thought.')
    .max(2000, 'text: at most 2000 characters'),
  /** Her photos to take off (their _ids), when she edits; the photos she adds come as multipart files. */
  removePhotos: z.array(z.string().max(64)).max(MAX_REVIEW_PHOTOS, `removePhotos: at most ${MAX_REVIEW_PHOTOS}`).optional(),
});
export type AddReviewInput = z.infer<typeof addReviewSchema>;

export const productReviewsQuerySchema = z.object({
  page: pageParam,
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).optional(),
});

/** A review's photo: the default rendition, the WebP renditions for srcset, and the largest one's size. */
export const reviewPhotoSchema = z.object({
  _id: z.string(),
  url: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** 'Asha R.': her first name and initial. */
  author: z.string(),
  /** Always true: only shoppers who received the product can review it. */
  verifiedPurchase: z.boolean(),
  helpfulCount: z.number().int(),
  /** Up to MAX_REVIEW_PHOTOS, in her order. */
  photos: z.array(reviewPhotoSchema),
  /** The shop's public answer. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A product's stars: the average to one decimal, how many reviews, and how many of each star ('1'…'5'). */
export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  byStars: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** What a product card and the product details carry: the average to one decimal and the count. */
export const ratingSchema = z.object({ average: z.number(), count: z.number().int() });
export type Rating = z.infer<typeof ratingSchema>;

export const productReviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  summary: ratingSummarySchema,
  ...pagingShape,
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** A review as the back-office lists it: with the product, the shopper and whether it is hidden. */
/**
 * A shopper's own standing with a product's reviews: whether she may write one (she received it), hers when she
 * wrote one, and when the owner hid it, since when and the reason she was given.
 */
export interface MyReview {
  canReview: boolean;
  review: Review | null;
  hidden: { at: string; reason: string } | null;
}

export const adminReviewSchema = reviewSchema.extend({
  productName: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const ADMIN_REVIEW_FILTERS = ['all', 'visible', 'hidden'] as const;
export const adminReviewQuerySchema = z.object({
  status: z.enum(ADMIN_REVIEW_FILTERS, { error: `status must be one of ${ADMIN_REVIEW_FILTERS.join(', ')}` }).optional(),
  page: pageParam,
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;
export const adminReviewPageSchema = z.object({ reviews: z.array(adminReviewSchema), ...pagingShape });

/** POST /api/admin/review/hideReview/{reviewId}. */
export const hideReviewSchema = z.object({
  reason: plainText({ multiline: true, missing: 'Please give a reason.' }).trim().min(1, 'Please give a reason.').max(300),
});
/** POST /api/admin/review/replyReview/{reviewId}: the shop's public answer ('' takes it down). */
export const replyReviewSchema = z.object({
  reply: plainText({ multiline: true }).trim().max(1000, 'reply: at most 1000 characters'),
});

/** The average of `count` reviews whose stars add up to `sum`, to one decimal (0 when none). */
export const averageRating = (sum: number, count: number): number => (count === 0 ? 0 : Math.round((sum * 10) / count) / 10);
