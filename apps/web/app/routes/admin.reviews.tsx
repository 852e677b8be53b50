import { AppError, adminReviewQuerySchema, hideReviewSchema, replyReviewSchema } from '@shop/core';
import { adminOf, servicesOf } from '../context';
import { ownerActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm, formIntentOf } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { AdminReviewsList } from '../features/reviews/admin-reviews-list';
import { buttonCall, invalidFields } from '../lib/button-action.server';
import { backTo } from '../lib/flash.server';
import { validate } from '../lib/form';
import { formText } from '../lib/form-data';
import { readListQuery } from '../lib/list-query';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.reviews';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Reviews · Admin Panel', matches);

/** Reviews newest first, all, visible or hidden (?status), 50 a page; any admin may read them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query } = readListQuery(request, adminReviewQuerySchema);
  const list = await loaderCall(servicesOf(context).reviews.list(query));
  return { ...list, status: query.status ?? 'all', isOwner: adminOf(context).role === 'owner' };
}

export const REVIEW_ACTIONS = ['hide', 'unhide', 'reply'] as const;
export const REVIEW_HIDDEN = 'Review hidden. The shopper has been told why.';
export const REVIEW_UNHIDDEN = 'Review shown again.';
export const REPLY_POSTED = 'Reply posted.';
export const REPLY_REMOVED = 'Reply removed.';

/**
 * The owner's moves on a review (issue 28): hide it with a reason the shopper reads (and show it again), or reply in public (an empty
 * reply takes it down). Staff are refused as the API refuses them. Each answers as a button does: a toast with
 * scripts, back to the list with the message without.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const intent = formIntentOf(form, REVIEW_ACTIONS);
  const reviewId = formText(form, 'reviewId');
  const reviews = servicesOf(context).reviews;
  const change = async () => {
    if (!intent) throw new AppError('INVALID_DATA', 'Unknown action.');
    const actor = ownerActor(context);
    if (intent === 'hide') {
      const checked = validate(hideReviewSchema, { reason: formText(form, 'reason') });
      if (!checked.data) throw invalidFields(checked.errors);
      return reviews.hide(actor, reviewId, checked.data.reason);
    }
    if (intent === 'unhide') return reviews.unhide(actor, reviewId);
    const checked = validate(replyReviewSchema, { reply: formText(form, 'reply') });
    if (!checked.data) throw invalidFields(checked.errors);
    return reviews.reply(actor, reviewId, checked.data.reply);
  };
  const success =
    intent === 'hide'
      ? REVIEW_HIDDEN
      : intent === 'unhide'
        ? REVIEW_UNHIDDEN
        : formText(form, 'reply').trim()
          ? REPLY_POSTED
          : REPLY_REMOVED;
  return buttonCall(form, backTo(request, form, adminPaths.reviews), change, success);
}

/** /admin/reviews: shoppers' reviews with filter tabs; owners hide and reply. */
export default function AdminReviewsPage({ loaderData }: Route.ComponentProps) {
  return <AdminReviewsList {...loaderData} reviewsHref={adminPaths.reviews} productHref={adminPaths.productView} />;
}

export { AdminPageError as ErrorBoundary };
