import { adminOf, servicesOf } from '../context';
import { adminActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { AdminOffers } from '../features/promotions/admin-promotions';
import { promotionAction } from '../features/promotions/promotion-action.server';
import { OFFER_FIELDS, offerPayload, postedValues } from '../features/promotions/promotion-forms';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.offers';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Coupons & offers · Admin Panel', matches);

/** Every automatic offer, the categories a pieces offer may count, and the one ?edit asks for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [offers, categories] = await Promise.all([
    loaderCall(services.promotionsAdmin.listOffers()),
    loaderCall(services.catalogue.listCategories()),
  ]);
  const edit = new URL(request.url).searchParams.get('edit');
  return {
    offers,
    categories: categories.map(({ _id, categoryName }) => ({ _id, categoryName })),
    editing: (edit && offers.find((offer) => offer._id === edit)) || null,
    isOwner: adminOf(context).role === 'owner',
  };
}

export const OFFER_MESSAGES = {
  created: 'Offer created.',
  saved: 'Offer saved.',
  disabled: 'Offer disabled.',
  enabled: 'Offer enabled.',
  deleted: 'Offer deleted.',
};

/** Creates or saves an offer (a refused form comes back with its values); disables, enables, deletes (owners). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const promotions = servicesOf(context).promotionsAdmin;
  return promotionAction(form, adminActor(context), {
    href: adminPaths.offers,
    idField: 'offerId',
    notFound: 'Offer not found.',
    read: (posted) => postedValues(posted, OFFER_FIELDS),
    check: offerPayload,
    create: (actor, body) => promotions.createOffer(actor, body),
    update: (actor, id, body) => promotions.updateOffer(actor, id, body),
    setDisabled: (actor, id, disabled) => promotions.setOfferDisabled(actor, id, disabled),
    remove: (actor, id) => promotions.deleteOffer(actor, id),
    messages: OFFER_MESSAGES,
  });
}

/** /admin/offers: offers the bag applies without a code; any admin creates, edits, disables; owners delete. */
export default function AdminOffersPage({ loaderData }: Route.ComponentProps) {
  return <AdminOffers {...loaderData} paths={{ coupons: adminPaths.coupons, offers: adminPaths.offers }} />;
}

export { AdminPageError as ErrorBoundary };
