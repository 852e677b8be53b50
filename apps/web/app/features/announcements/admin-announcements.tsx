import { ANNOUNCEMENT_KINDS, istDate, type AdminAnnouncement, type AnnouncementKind } from '@shop/core';
import { Pencil, Plus } from 'lucide-react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { Chip, type ChipTone } from '../../components/chip';
import { ConfirmButton } from '../../components/confirm-dialog';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { FormFailure } from '../../components/form-failure';
import { EmptyState, PageHeader } from '../../components/page-header';
import { isFailure, type Failure } from '../../lib/failure';
import { announcementFormValues, type AnnouncementFormValues } from './announcement-form';

const KIND_LABEL: Record<AnnouncementKind, string> = { offer: 'Offer', collection: 'New collection', news: 'News' };
const KIND_TONE: Record<AnnouncementKind, ChipTone> = { offer: 'bad', collection: 'warn', news: 'neutral' };

interface Category {
  _id: string;
  categoryName: string;
}

/** What the page's action answered a refused form: the failure, which announcement, and the values typed. */
interface Refused extends Failure {
  announcementId?: string;
  values?: AnnouncementFormValues;
}

/** The create and edit form; an offer is its minimum discount and category, and the shop makes its link. */
function AnnouncementForm({ item, categories, href }: { item: AdminAnnouncement | null; categories: readonly Category[]; href: string }) {
  const answer: unknown = useActionData();
  const refused = isFailure(answer) ? (answer as Refused) : null;
  const own = refused && (refused.announcementId ?? '') === (item?._id ?? '') ? refused : null;
  const busy = useNavigation().state === 'submitting';
  const values = own?.values ?? announcementFormValues(item);
  const errors = own?.fields ?? {};
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      key={`${item?._id ?? 'new'}-${JSON.stringify(values)}`}
      aria-labelledby="announcement-form-title"
    >
      <h2 id="announcement-form-title" className="text-lg font-semibold">
        {item ? 'Edit announcement' : 'New announcement'}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {item && <input type="hidden" name="announcementId" value={item._id} />}
      <FormFailure failure={own} />
      <SelectField label="Kind" name="kind" required defaultValue={values.kind} error={errors.kind}>
        {ANNOUNCEMENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABEL[kind]}
          </option>
        ))}
      </SelectField>
      <TextField label="Title" name="title" required maxLength={120} defaultValue={values.title} error={errors.title} />
      <TextAreaField label="Text" name="body" required rows={4} maxLength={1000} defaultValue={values.body} error={errors.body} />
      <fieldset className="space-y-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold">Offer</legend>
        <p className="text-sm text-muted">
          An offer links to the products that carry at least its discount, so every piece it shows keeps the promise. Say no more than this
          discount in the title and text.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Minimum discount (%)"
            name="offerMinDiscount"
            inputMode="numeric"
            maxLength={2}
            defaultValue={values.offerMinDiscount}
            error={errors.offerMinDiscount}
            hint="1 to 90; needed for an offer."
          />
          <SelectField label="Category" name="offerCategoryId" defaultValue={values.offerCategoryId} error={errors.offerCategoryId}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.categoryName}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <TextField
        label="Link (collections and news)"
        name="link"
        placeholder="/filter?category=sarees"
        defaultValue={values.link}
        error={errors.link}
        hint="A path on this shop. An offer’s link is made from its discount and category."
      />
      <TextField
        label="Show until"
        name="expiresOn"
        type="date"
        defaultValue={values.expiresOn}
        error={errors.expiresOn}
        hint="The last day it shows (optional)."
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {item && (
          <Link to={href} className="btn btn-outline">
            Cancel
          </Link>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : item ? 'Save changes' : 'Publish'}
        </button>
      </div>
    </Form>
  );
}

/** /admin/announcements: every announcement, newest first, and the form (a new one, or ?edit=<id>). */
export function AdminAnnouncements({
  announcements,
  categories,
  editing,
  href,
  now,
}: {
  /** When the page was read (ms): what has ended and what is yet to show. */
  now: number;
  announcements: AdminAnnouncement[];
  categories: Category[];
  editing: AdminAnnouncement | null;
  href: string;
}) {
  return (
    <>
      <PageHeader
        title="Announcements"
        description="Offers, new collections and news on the shop’s Offers & announcements page, newest first."
        actions={
          editing && (
            <Link to={href} className="btn btn-primary">
              <Plus aria-hidden="true" className="h-4 w-4" /> New announcement
            </Link>
          )
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <section aria-label="All announcements" className="order-2 lg:order-1">
          {announcements.length === 0 ? (
            <EmptyState title="No announcements yet" />
          ) : (
            <ul className="space-y-3">
              {announcements.map((item) => {
                const ended = item.expiresAt !== null && new Date(item.expiresAt).getTime() <= now;
                const upcoming = new Date(item.publishedAt).getTime() > now;
                return (
                  <li key={item._id} className="rounded-2xl border border-line bg-white p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <Chip tone={KIND_TONE[item.kind]}>{KIND_LABEL[item.kind]}</Chip>
                      {item.offerMinDiscount !== null && <Chip tone="good">{item.offerMinDiscount}% off and more</Chip>}
                      {ended && <Chip>Ended</Chip>}
                      {upcoming && <Chip>Not yet shown</Chip>}
                    </div>
                    <h3 className="mt-2 break-words font-semibold">{item.title}</h3>
                    <p className="mt-1 line-clamp-2 break-words text-sm text-muted">{item.body}</p>
                    <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
                      <span className="text-muted">
                        From {istDate(new Date(item.publishedAt))}
                        {item.expiresAt && ` until ${istDate(new Date(new Date(item.expiresAt).getTime() - 1))}`}
                        {item.link && (
                          <>
                            {' · '}
                            <a href={item.link} className="break-all font-medium text-wine-700 underline underline-offset-2">
                              {item.link}
                            </a>
                          </>
                        )}
                      </span>
                      <span className="flex flex-wrap gap-2">
                        <Link
                          to={`${href}?edit=${encodeURIComponent(item._id)}`}
                          className="btn btn-outline min-h-10 px-3"
                          aria-label={`Edit ${item.title}`}
                        >
                          <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                        </Link>
                        <ConfirmButton
                          label="Delete"
                          title={`Delete “${item.title}”?`}
                          message="It leaves the shop's pages at once. An announcement that has ended can simply stay here. This cannot be undone."
                          confirmLabel="Delete"
                          fields={{ intent: 'delete', announcementId: item._id }}
                          tone="danger"
                        />
                      </span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section className="order-1 rounded-2xl border border-line bg-white p-5 lg:sticky lg:top-6 lg:order-2">
          <AnnouncementForm item={editing} categories={categories} href={href} />
        </section>
      </div>
    </>
  );
}
