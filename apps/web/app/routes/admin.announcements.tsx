import { AppError, isUuid } from '@shop/core';
import { servicesOf } from '../context';
import { adminActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { AdminAnnouncements } from '../features/announcements/admin-announcements';
import { ANNOUNCEMENT_FIELDS, announcementPayload, type AnnouncementFormValues } from '../features/announcements/announcement-form';
import { buttonCall } from '../lib/button-action.server';
import { redirectWithFlash } from '../lib/flash.server';
import { formText } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { actionCall, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.announcements';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Announcements · Admin Panel', matches);

/** Every announcement newest first, the categories an offer may name, and the one ?edit asks for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [announcements, categories] = await Promise.all([
    loaderCall(services.announcements.listAll()),
    loaderCall(services.catalogue.listCategories()),
  ]);
  const edit = new URL(request.url).searchParams.get('edit');
  return {
    announcements,
    categories: categories.map(({ _id, categoryName }) => ({ _id, categoryName })),
    editing: (edit && announcements.find((item) => item._id === edit)) || null,
    now: Date.now(),
  };
}

export const ANNOUNCEMENT_SAVED = 'Announcement saved.';
export const ANNOUNCEMENT_PUBLISHED = 'Announcement published.';
export const ANNOUNCEMENT_DELETED = 'Announcement deleted.';

/**
 * Publishes a new announcement or saves one (?announcementId), checked with the API's schema: an offer is its
 * minimum discount and category and the service makes its link. A refused form comes back with its values.
 * 'delete' takes one off for good, after the page's confirmation. Every change is audited under the admin.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const announcementId = formText(form, 'announcementId');
  const values = Object.fromEntries(ANNOUNCEMENT_FIELDS.map((name) => [name, formText(form, name)])) as AnnouncementFormValues;
  const announcements = servicesOf(context).announcements;
  const actor = adminActor(context);
  if (formText(form, 'intent') === 'delete') {
    return buttonCall(form, adminPaths.announcements, () => announcements.remove(actor, announcementId), ANNOUNCEMENT_DELETED);
  }
  return actionCall(
    (async () => {
      if (formText(form, 'intent') !== 'save') throw new AppError('INVALID_DATA', 'Unknown action.');
      const checked = announcementPayload(values);
      if (!checked.data) throw new AppError('INVALID_DATA', Object.values(checked.errors)[0] ?? 'Please check the form.', checked.errors);
      if (!announcementId) return announcements.create(actor, checked.data);
      if (!isUuid(announcementId)) throw new AppError('NOT_FOUND', 'Announcement not found.');
      return announcements.update(actor, announcementId, checked.data);
    })(),
    () =>
      redirectWithFlash(adminPaths.announcements, {
        kind: 'success',
        message: announcementId ? ANNOUNCEMENT_SAVED : ANNOUNCEMENT_PUBLISHED,
      }),
    { intent: 'save', announcementId, values },
  );
}

/** /admin/announcements: offers (saved filters), collections and news; any admin publishes and edits them. */
export default function AdminAnnouncementsPage({ loaderData }: Route.ComponentProps) {
  return <AdminAnnouncements {...loaderData} href={adminPaths.announcements} />;
}

export { AdminPageError as ErrorBoundary };
