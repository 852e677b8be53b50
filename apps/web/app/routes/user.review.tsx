import {
  AppError,
  MAX_PHOTO_BYTES,
  MAX_REVIEW_PHOTOS,
  REMOVE_PHOTOS_FIELD,
  REVIEW_NOT_RECEIVED,
  REVIEW_PHOTOS_FIELD,
  TOO_MANY_REVIEW_PHOTOS,
  addReviewSchema,
} from '@shop/core';
import { ArrowLeft } from 'lucide-react';
import { Link, useActionData, useRouteLoaderData } from 'react-router';
import { paths } from '../config/paths';
import { servicesOf, signedInShopper } from '../context';
import { UserPage } from '../features/accounts/user-page';
import { ProductImage } from '../features/catalogue/product-image';
import { HiddenReviewNotice } from '../features/reviews/hidden-review-notice';
import { ReviewForm, valuesOf } from '../features/reviews/review-form';
import { failureIn } from '../lib/failure';
import { redirectWithFlash } from '../lib/flash.server';
import { validate } from '../lib/form';
import { formFiles, formTexts } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { readForm, type FormLimit } from '../lib/read-form.server';
import { actionCall, formFailure, loaderCall } from '../lib/service-call.server';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/user.review';

export const REVIEW_CREATED = 'Thank you for your review.';
export const REVIEW_UPDATED = 'Your review is updated.';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(data ? `Review ${data.product.productName}` : 'Write a review', matches);

/** The product (name and first photo), whether she received it, and her review of it when she wrote one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = signedInShopper(context);
  const services = servicesOf(context);
  const product = await loaderCall(services.catalogue.getProductDetails(params.productId));
  const mine = await services.reviews.mine(user._id, product._id);
  return {
    product: { _id: product._id, productName: product.productName, image: product.productImages[0] ?? null },
    canReview: mine.canReview,
    review: mine.review,
    hidden: mine.review && mine.hidden ? { title: mine.review.title, reason: mine.hidden.reason } : null,
  };
}

const FIELDS = ['rating', 'title', 'text'] as const;
/** Her photos at their largest, and the fields around them. */
const REVIEW_POST: FormLimit = {
  bytes: MAX_REVIEW_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024,
  tooLarge: `The photos are too large: at most ${MAX_REVIEW_PHOTOS} of ${MAX_PHOTO_BYTES / 1024 / 1024} MB each.`,
};

/**
 * Saves her review (issue 28): a new one ('Thank you for your review.') or her edit of it ('Your review is
 * updated.'), then back to the product's reviews. Refused fields come back beside them with what she typed; a
 * product she has not received is refused in the service's words (403). Photos come as a multipart post (field
 * photos; removePhotos names those she takes off), checked and stored by the service as the API does.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = signedInShopper(context);
  let form: FormData;
  try {
    form = await readForm(request, REVIEW_POST);
  } catch (error) {
    // Too large to read: said beside the photos, the only fields that can make it so.
    if (error instanceof AppError) {
      return formFailure(error.status, { error: null, fields: { [REVIEW_PHOTOS_FIELD]: error.message } }, { values: undefined });
    }
    throw error;
  }
  const values = formTexts(form, FIELDS);
  const removePhotos = form.getAll(REMOVE_PHOTOS_FIELD).filter((value): value is string => typeof value === 'string');
  const checked = validate(addReviewSchema, { ...values, productId: params.productId, removePhotos });
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { values });
  const files = formFiles(form, REVIEW_PHOTOS_FIELD);
  if (files.length > MAX_REVIEW_PHOTOS) {
    return formFailure(400, { error: null, fields: { [REVIEW_PHOTOS_FIELD]: TOO_MANY_REVIEW_PHOTOS } }, { values });
  }
  const photos = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
  return actionCall(
    servicesOf(context).reviews.add(user._id, checked.data, photos),
    ({ created }) =>
      redirectWithFlash(`${paths.product(params.productId)}#reviews`, {
        kind: 'success',
        message: created ? REVIEW_CREATED : REVIEW_UPDATED,
      }),
    { values },
  );
}

/** /user/reviews/{productId}: write a review of a product she received, or edit hers. */
export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const { product, canReview, review, hidden } = loaderData;
  const root = useRouteLoaderData<RootLoaderData>('root');
  const answer = useActionData<typeof action>();
  const failure = failureIn(answer);
  const typed = answer && 'values' in answer ? answer.values : undefined;
  const editing = review !== null;
  return (
    <UserPage title={editing ? 'Edit your review' : 'Write a review'}>
      <div className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <div className="flex items-center gap-4 border-b border-line pb-5">
          <div className="w-16 shrink-0 overflow-hidden rounded-lg sm:w-20">
            <ProductImage image={product.image} alt={product.productName} sizes="80px" />
          </div>
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-[0.14em] text-gold-600">Your review of</p>
            <p className="mt-1 font-semibold leading-snug">
              <Link to={paths.product(product._id)} className="hover:text-wine-700">
                {product.productName}
              </Link>
            </p>
          </div>
        </div>
        {hidden && <HiddenReviewNotice hidden={hidden} shopName={root?.settings.name ?? 'the shop'} className="mt-5" />}
        <div className="mt-5">
          {canReview || editing ? (
            <ReviewForm values={typed ?? valuesOf(review)} photos={review?.photos ?? []} editing={editing} failure={failure} />
          ) : (
            <div role="status" className="rounded-xl bg-sand/60 px-4 py-4">
              <p className="font-medium">{REVIEW_NOT_RECEIVED}</p>
              <p className="mt-1 text-sm text-muted">Once your order with it is delivered, you can tell others what you thought.</p>
            </div>
          )}
        </div>
      </div>
      <Link to={paths.product(product._id)} className="mt-5 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-wine-700">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the product
      </Link>
    </UserPage>
  );
}
