import {
  PROMOTION_STATUS_LABEL,
  istDate,
  istDayStart,
  rupeesCompact,
  type AdminCoupon,
  type AdminOffer,
  type PromotionStatus,
} from '@shop/core';
import { Pencil, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, NavLink, useActionData, useNavigation } from 'react-router';
import { Chip, type ChipTone } from '../../components/chip';
import { ConfirmButton } from '../../components/confirm-dialog';
import { SelectField, TextField } from '../../components/form-field';
import { FormFailure } from '../../components/form-failure';
import { EmptyState, PageHeader } from '../../components/page-header';
import { isFailure, type Failure } from '../../lib/failure';
import { couponFormValues, offerFormValues, type CouponFormValues, type OfferFormValues } from './promotion-forms';

/** Where the two pages are (the route's paths). */
export interface PromotionPaths {
  coupons: string;
  offers: string;
}

export interface PromotionCategory {
  _id: string;
  categoryName: string;
}

const STATUS_TONE: Record<PromotionStatus, ChipTone> = {
  active: 'good',
  scheduled: 'info',
  expired: 'neutral',
  used_up: 'warn',
  disabled: 'bad',
};

/** What the page's action answered a refused form: the failure, which coupon or offer, and the values typed. */
interface Refused<Values> extends Failure {
  id?: string;
  values?: Values;
}

const dayText = (day: string) => istDate(istDayStart(day));

/** 'From 1 Nov 2026 to 30 Nov 2026', 'Until 30 Nov 2026', 'From 1 Nov 2026', 'No end date'. */
export function datesText(startsAt: string | null, endsAt: string | null): string {
  if (startsAt && endsAt) return `${dayText(startsAt)} to ${dayText(endsAt)}`;
  if (startsAt) return `From ${dayText(startsAt)}, no end date`;
  if (endsAt) return `Until ${dayText(endsAt)}`;
  return 'No end date';
}

/** '10 % off, up to ₹500 · on ₹1,999 or more', '₹200 off · first order only'. */
export function couponTerms(coupon: AdminCoupon): string {
  const off = coupon.kind === 'percent' ? `${coupon.value} % off` : `${rupeesCompact(coupon.value)} off`;
  return [
    coupon.maxDiscount !== null ? `${off}, up to ${rupeesCompact(coupon.maxDiscount)}` : off,
    coupon.minOrder > 0 && `on ${rupeesCompact(coupon.minOrder)} or more`,
    coupon.firstOrderOnly && 'first order only',
    coupon.perCustomerLimit !== null && `${coupon.perCustomerLimit} per shopper`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** '3 or more pieces from Kurtis: 10 % off them', '₹300 off orders of ₹4,999 or more'. */
export function offerTerms(offer: AdminOffer, categoryNames: ReadonlyMap<string, string>): string {
  if (offer.kind === 'order_flat') return `${rupeesCompact(offer.flat ?? 0)} off orders of ${rupeesCompact(offer.minOrder ?? 0)} or more`;
  const from =
    offer.categoryIds.length > 0 ? offer.categoryIds.map((id) => categoryNames.get(id) ?? 'a removed category').join(', ') : 'any category';
  return `${offer.minPieces} or more pieces from ${from}: ${offer.percent} % off them`;
}

/** Coupons | Offers: the two halves of the page the sidebar's 'Coupons & offers' opens. */
function PromotionTabs({ paths }: { paths: PromotionPaths }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${isActive ? 'border-wine-700 bg-wine-700 text-white' : 'border-line bg-white text-ink hover:border-wine-600'}`;
  return (
    <nav aria-label="Coupons and offers" className="mb-6 flex gap-2">
      <NavLink to={paths.coupons} className={tab} end>
        Coupon codes
      </NavLink>
      <NavLink to={paths.offers} className={tab} end>
        Automatic offers
      </NavLink>
    </nav>
  );
}

/** The categories a coupon or offer is limited to: none ticked means every piece. */
function CategoryChoices({
  categories,
  chosen,
  error,
}: {
  categories: readonly PromotionCategory[];
  chosen: readonly string[];
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? 'categoryIds-error' : 'categoryIds-hint'}>
      <legend className="text-sm font-medium text-ink">Only these categories</legend>
      <div className="mt-1.5 flex max-h-44 flex-wrap gap-x-4 gap-y-1 overflow-y-auto rounded-xl border border-line p-3">
        {categories.map((category) => (
          <label key={category._id} className="inline-flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="categoryIds"
              value={category._id}
              defaultChecked={chosen.includes(category._id)}
              className="h-4 w-4 accent-wine-700"
            />
            {category.categoryName}
          </label>
        ))}
      </div>
      {error ? (
        <p id="categoryIds-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
          {error}
        </p>
      ) : (
        <p id="categoryIds-hint" className="mt-1 text-xs text-muted">
          None ticked: every piece counts.
        </p>
      )}
    </fieldset>
  );
}

/** The form's refusal when it is this form's (a new one, or the one being edited), else nothing. */
function useRefused<Values>(id: string | undefined): Refused<Values> | null {
  const answer: unknown = useActionData();
  const refused = isFailure(answer) ? (answer as Refused<Values>) : null;
  return refused && (refused.id ?? '') === (id ?? '') ? refused : null;
}

function FormButtons({ editing, href, createLabel }: { editing: boolean; href: string; createLabel: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      {editing && (
        <Link to={href} className="btn btn-outline">
          Cancel
        </Link>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : editing ? 'Save changes' : createLabel}
      </button>
    </div>
  );
}

function DateFields({ values, errors }: { values: { startsAt: string; endsAt: string }; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First day"
        name="startsAt"
        type="date"
        defaultValue={values.startsAt}
        error={errors.startsAt}
        hint="India time; empty: from now."
      />
      <TextField
        label="Last day"
        name="endsAt"
        type="date"
        defaultValue={values.endsAt}
        error={errors.endsAt}
        hint="Included; empty: no end."
      />
    </div>
  );
}

function CouponForm({ coupon, categories, href }: { coupon: AdminCoupon | null; categories: readonly PromotionCategory[]; href: string }) {
  const refused = useRefused<CouponFormValues>(coupon?._id);
  const values = refused?.values ?? couponFormValues(coupon);
  const errors = refused?.fields ?? {};
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      key={`${coupon?._id ?? 'new'}-${JSON.stringify(values)}`}
      aria-labelledby="coupon-form-title"
    >
      <h2 id="coupon-form-title" className="text-lg font-semibold">
        {coupon ? `Edit ${coupon.code}` : 'New coupon code'}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {coupon && <input type="hidden" name="couponId" value={coupon._id} />}
      <FormFailure failure={refused} />
      <TextField
        label="Code"
        name="code"
        required
        maxLength={20}
        autoCapitalize="characters"
        spellCheck={false}
        style={{ textTransform: 'uppercase' }}
        defaultValue={values.code}
        error={errors.code}
        hint="3 to 20 letters or digits; shoppers may type it in any case."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Discount" name="kind" required defaultValue={values.kind} error={errors.kind}>
          <option value="percent">Percent off</option>
          <option value="flat">Flat ₹ off</option>
        </SelectField>
        <TextField
          label="Amount off"
          name="value"
          required
          inputMode="decimal"
          defaultValue={values.value}
          error={errors.value}
          hint="Percent: 1 to 90. Flat: rupees."
        />
        <TextField
          label="Cap (₹, percent only)"
          name="maxDiscount"
          inputMode="decimal"
          defaultValue={values.maxDiscount}
          error={errors.maxDiscount}
          hint="Most it takes off; empty: no cap."
        />
        <TextField
          label="Minimum order (₹)"
          name="minOrder"
          inputMode="decimal"
          defaultValue={values.minOrder}
          error={errors.minOrder}
          hint="After the product discounts."
        />
      </div>
      <DateFields values={values} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Total uses"
          name="usageLimit"
          inputMode="numeric"
          defaultValue={values.usageLimit}
          error={errors.usageLimit}
          hint="Empty: no limit."
        />
        <TextField
          label="Uses per shopper"
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={values.perCustomerLimit}
          error={errors.perCustomerLimit}
          hint="Empty: no limit."
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" name="firstOrderOnly" defaultChecked={values.firstOrderOnly === 'on'} className="h-5 w-5 accent-wine-700" />
        First order only (a shopper with no earlier order)
      </label>
      <CategoryChoices categories={categories} chosen={values.categoryIds} error={errors.categoryIds} />
      <FormButtons editing={coupon !== null} href={href} createLabel="Create coupon" />
    </Form>
  );
}

function OfferForm({ offer, categories, href }: { offer: AdminOffer | null; categories: readonly PromotionCategory[]; href: string }) {
  const refused = useRefused<OfferFormValues>(offer?._id);
  const values = refused?.values ?? offerFormValues(offer);
  const errors = refused?.fields ?? {};
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      key={`${offer?._id ?? 'new'}-${JSON.stringify(values)}`}
      aria-labelledby="offer-form-title"
    >
      <h2 id="offer-form-title" className="text-lg font-semibold">
        {offer ? 'Edit offer' : 'New automatic offer'}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {offer && <input type="hidden" name="offerId" value={offer._id} />}
      <FormFailure failure={refused} />
      <TextField
        label="Name shoppers see"
        name="name"
        required
        maxLength={80}
        defaultValue={values.name}
        error={errors.name}
        hint="Shown in the bag and on the invoice, like “3 kurtis or more: 10 % off”."
      />
      <SelectField label="Kind" name="kind" required defaultValue={values.kind} error={errors.kind}>
        <option value="pieces_percent">Pieces or more → % off them</option>
        <option value="order_flat">Order amount → ₹ off</option>
      </SelectField>
      <fieldset className="space-y-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold">Pieces from categories</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Pieces or more" name="minPieces" inputMode="numeric" defaultValue={values.minPieces} error={errors.minPieces} />
          <TextField
            label="Percent off"
            name="percent"
            inputMode="numeric"
            defaultValue={values.percent}
            error={errors.percent}
            hint="1 to 90."
          />
        </div>
        <CategoryChoices categories={categories} chosen={values.categoryIds} error={errors.categoryIds} />
      </fieldset>
      <fieldset className="space-y-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold">Order amount</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Orders of (₹) or more"
            name="minOrder"
            inputMode="decimal"
            defaultValue={values.minOrder}
            error={errors.minOrder}
          />
          <TextField
            label="Amount off (₹)"
            name="flat"
            inputMode="decimal"
            defaultValue={values.flat}
            error={errors.flat}
            hint="Less than the order amount."
          />
        </div>
      </fieldset>
      <DateFields values={values} errors={errors} />
      <FormButtons editing={offer !== null} href={href} createLabel="Create offer" />
    </Form>
  );
}

/** One coupon or offer in the list: its name, status, terms, dates, figures and buttons. */
function PromotionCard({
  title,
  status,
  terms,
  dates,
  figures,
  actions,
}: {
  title: ReactNode;
  status: PromotionStatus;
  terms: string;
  dates: string;
  figures?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="break-all font-semibold">{title}</h3>
        <Chip tone={STATUS_TONE[status]}>{PROMOTION_STATUS_LABEL[status]}</Chip>
      </div>
      <p className="mt-1 text-sm">{terms}</p>
      <p className="mt-1 text-sm text-muted">{dates}</p>
      {figures}
      <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

function SwitchButton({ kind, id, label, disabled }: { kind: 'coupon' | 'offer'; id: string; label: string; disabled: boolean }) {
  const idField = kind === 'coupon' ? 'couponId' : 'offerId';
  return disabled ? (
    <ConfirmButton
      label="Enable"
      title={`Enable ${label}?`}
      message="Shoppers can use it again while its dates and limits allow."
      confirmLabel="Enable"
      fields={{ intent: 'enable', [idField]: id }}
    />
  ) : (
    <ConfirmButton
      label="Disable"
      title={`Disable ${label}?`}
      message="Shoppers can no longer use it from now. Orders that used it keep their discount."
      confirmLabel="Disable"
      fields={{ intent: 'disable', [idField]: id }}
    />
  );
}

function EditLink({ href, label }: { href: string; label: string }) {
  return (
    <Link to={href} className="btn btn-outline min-h-10 px-3" aria-label={`Edit ${label}`}>
      <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
    </Link>
  );
}

/** The shell both tabs share: the header with "New …" while editing, the tabs, the list beside the form. */
function PromotionPage<Item>({
  paths,
  description,
  newHref,
  newLabel,
  editing,
  emptyTitle,
  items,
  card,
  form,
}: {
  paths: PromotionPaths;
  description: string;
  newHref: string;
  newLabel: string;
  editing: boolean;
  emptyTitle: string;
  items: readonly Item[];
  card: (item: Item) => ReactNode;
  form: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title="Coupons & offers"
        description={description}
        actions={
          editing && (
            <Link to={newHref} className="btn btn-primary">
              <Plus aria-hidden="true" className="h-4 w-4" /> {newLabel}
            </Link>
          )
        }
      />
      <PromotionTabs paths={paths} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <section aria-label="The list">
          {items.length === 0 ? <EmptyState title={emptyTitle} /> : <ul className="space-y-3">{items.map(card)}</ul>}
        </section>
        <section className="rounded-2xl border border-line bg-white p-5">{form}</section>
      </div>
    </>
  );
}

/** /admin/coupons: every code with its uses, discount given, status and dates; the form (new, or ?edit=<id>). */
export function AdminCoupons({
  coupons,
  categories,
  editing,
  isOwner,
  paths,
}: {
  paths: PromotionPaths;
  coupons: AdminCoupon[];
  categories: PromotionCategory[];
  editing: AdminCoupon | null;
  isOwner: boolean;
}) {
  return (
    <PromotionPage
      paths={paths}
      description="Codes shoppers type in the bag or at checkout, and offers the bag applies by itself."
      newHref={paths.coupons}
      newLabel="New coupon"
      editing={editing !== null}
      emptyTitle="No coupon codes yet"
      items={coupons}
      card={(coupon) => (
        <PromotionCard
          key={coupon._id}
          title={<span className="font-mono tracking-wide">{coupon.code}</span>}
          status={coupon.status}
          terms={couponTerms(coupon)}
          dates={datesText(coupon.startsAt, coupon.endsAt)}
          figures={
            <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex gap-1.5">
                <dt className="text-muted">Uses</dt>
                <dd className="font-semibold">
                  {coupon.uses}
                  {coupon.usageLimit !== null && ` of ${coupon.usageLimit}`}
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-muted">Discount given</dt>
                <dd className="font-semibold">{rupeesCompact(coupon.discountGiven)}</dd>
              </div>
            </dl>
          }
          actions={
            <>
              <EditLink href={`${paths.coupons}?edit=${encodeURIComponent(coupon._id)}`} label={coupon.code} />
              <SwitchButton kind="coupon" id={coupon._id} label={coupon.code} disabled={coupon.disabled} />
              {isOwner && (
                <ConfirmButton
                  label="Delete"
                  title={`Delete ${coupon.code}?`}
                  message={
                    coupon.uses > 0
                      ? 'It has been used, so it cannot be deleted: disable it instead and its record stays.'
                      : 'The code goes for good. This cannot be undone.'
                  }
                  confirmLabel="Delete"
                  fields={{ intent: 'delete', couponId: coupon._id }}
                  tone="danger"
                />
              )}
            </>
          }
        />
      )}
      form={<CouponForm coupon={editing} categories={categories} href={paths.coupons} />}
    />
  );
}

/** /admin/offers: every automatic offer with its status and dates; the form (new, or ?edit=<id>). */
export function AdminOffers({
  offers,
  categories,
  editing,
  isOwner,
  paths,
}: {
  paths: PromotionPaths;
  offers: AdminOffer[];
  categories: PromotionCategory[];
  editing: AdminOffer | null;
  isOwner: boolean;
}) {
  const names = new Map(categories.map((category) => [category._id, category.categoryName]));
  return (
    <PromotionPage
      paths={paths}
      description="Automatic offers need no code: the best one that applies is taken off in the bag."
      newHref={paths.offers}
      newLabel="New offer"
      editing={editing !== null}
      emptyTitle="No automatic offers yet"
      items={offers}
      card={(offer) => (
        <PromotionCard
          key={offer._id}
          title={offer.name}
          status={offer.status}
          terms={offerTerms(offer, names)}
          dates={datesText(offer.startsAt, offer.endsAt)}
          actions={
            <>
              <EditLink href={`${paths.offers}?edit=${encodeURIComponent(offer._id)}`} label={offer.name} />
              <SwitchButton kind="offer" id={offer._id} label={`“${offer.name}”`} disabled={offer.disabled} />
              {isOwner && (
                <ConfirmButton
                  label="Delete"
                  title={`Delete “${offer.name}”?`}
                  message="The offer goes for good; orders keep what it saved them. This cannot be undone."
                  confirmLabel="Delete"
                  fields={{ intent: 'delete', offerId: offer._id }}
                  tone="danger"
                />
              )}
            </>
          }
        />
      )}
      form={<OfferForm offer={editing} categories={categories} href={paths.offers} />}
    />
  );
}
