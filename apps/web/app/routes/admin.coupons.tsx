import { adminOf, servicesOf } from '../context';
import { adminActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { AdminCoupons } from '../features/promotions/admin-promotions';
import { promotionAction } from '../features/promotions/promotion-action.server';
import { COUPON_FIELDS, couponPayload, postedValues } from '../features/promotions/promotion-forms';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.coupons';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Coupons & offers · Admin Panel', matches);

/** Every coupon with its uses and discount given, the categories a coupon may be limited to, and the one ?edit asks for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [coupons, categories] = await Promise.all([
    loaderCall(services.promotionsAdmin.listCoupons()),
    loaderCall(services.catalogue.listCategories()),
  ]);
  const edit = new URL(request.url).searchParams.get('edit');
  return {
    coupons,
    categories: categories.map(({ _id, categoryName }) => ({ _id, categoryName })),
    editing: (edit && coupons.find((coupon) => coupon._id === edit)) || null,
    isOwner: adminOf(context).role === 'owner',
  };
}

export const COUPON_MESSAGES = {
  created: 'Coupon created.',
  saved: 'Coupon saved.',
  disabled: 'Coupon disabled.',
  enabled: 'Coupon enabled.',
  deleted: 'Coupon deleted.',
};

/** Creates or saves a coupon (a refused form comes back with its values); disables, enables, deletes (owners). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const promotions = servicesOf(context).promotionsAdmin;
  return promotionAction(form, adminActor(context), {
    href: adminPaths.coupons,
    idField: 'couponId',
    notFound: 'Coupon not found.',
    read: (posted) => postedValues(posted, COUPON_FIELDS),
    check: couponPayload,
    create: (actor, body) => promotions.createCoupon(actor, body),
    update: (actor, id, body) => promotions.updateCoupon(actor, id, body),
    setDisabled: (actor, id, disabled) => promotions.setCouponDisabled(actor, id, disabled),
    remove: (actor, id) => promotions.deleteCoupon(actor, id),
    messages: COUPON_MESSAGES,
  });
}

/** /admin/coupons: the codes, their uses and discount given; any admin creates, edits, disables; owners delete. */
export default function AdminCouponsPage({ loaderData }: Route.ComponentProps) {
  return <AdminCoupons {...loaderData} paths={{ coupons: adminPaths.coupons, offers: adminPaths.offers }} />;
}

export { AdminPageError as ErrorBoundary };
