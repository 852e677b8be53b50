import { contactMessageSchema, CONTACT_LIMITS } from '@shop/core';
import { AtSign, CircleCheck, Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import { toast } from '../lib/toast';
import { TextAreaField, TextField } from '../components/form-field';
import { paths } from '../config/paths';
import { validate, type FieldErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { actionCall, formFailure } from '../lib/service-call.server';
import type { RootLoaderData } from '../root';
import { Breadcrumbs } from '../components/breadcrumbs';
import type { Route } from './+types/contact';
import { pageOf, servicesOf } from '../context';
import { postedForm } from '../lib/read-form.server';

const SUCCESS_MESSAGE = 'Thank you! We will reply within one working day.';
const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: 'Contact us',
      description:
        'Questions about a saree, sizes, an order or a return? Call, e-mail or write to us: we reply within one working day, Monday to Saturday.',
      path: paths.contact,
    },
    matches,
  );

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const text = (name: Field) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values: Values = { name: text('name'), email: text('email'), phone: text('phone'), message: text('message') };

  const checked = validate(contactMessageSchema, values);
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { values });
  const { name } = checked.data;
  return actionCall(servicesOf(context).contact.create(checked.data, pageOf(context).clientIp), () => ({ ok: true as const, name }), {
    values,
  });
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const shop = useRouteLoaderData<RootLoaderData>('root')!.settings;

  useEffect(() => {
    if (actionData?.ok) toast.success(SUCCESS_MESSAGE, { toastId: 'contact-sent' });
  }, [actionData]);

  const phoneHref = `tel:${shop.phone.replace(/[^+\d]/g, '')}`;
  const instagram = shop.socialHandle.replace(/^@/, '');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <Breadcrumbs current="Contact us" />

      <header className="mt-6 max-w-2xl">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-600">We are here to help</p>
        <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">Contact us</h1>
        <p className="mt-4 text-lg text-muted">
          A question about a fabric, your size, an order or a return? Write to us, call, or drop by the boutique. A real person reads every
          message.
        </p>
      </header>

      <div className="mt-8 grid gap-6 lg:mt-10 lg:grid-cols-[22rem_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-12">
        {/* Phones read: how to reach us, the form, then quick answers; desktops show the form on the right. */}
        <section aria-labelledby="reach-us" className="rounded-2xl border border-line bg-white p-6">
          <h2 id="reach-us" className="text-xl font-semibold">
            {shop.name}
          </h2>
          <address className="mt-5 space-y-4 text-[0.95rem] not-italic">
            <ContactLine icon={<MapPin className="h-5 w-5" />} label="Boutique">
              {shop.address}
            </ContactLine>
            <ContactLine icon={<Phone className="h-5 w-5" />} label="Phone">
              <a
                href={phoneHref}
                className="font-medium text-wine-700 underline decoration-wine-100 underline-offset-2 hover:decoration-wine-700"
              >
                {shop.phone}
              </a>
            </ContactLine>
            <ContactLine icon={<Mail className="h-5 w-5" />} label="E-mail">
              <a
                href={`mailto:${shop.email}`}
                className="break-all font-medium text-wine-700 underline decoration-wine-100 underline-offset-2 hover:decoration-wine-700"
              >
                {shop.email}
              </a>
            </ContactLine>
            {instagram && (
              <ContactLine icon={<AtSign className="h-5 w-5" />} label="Instagram">
                <a
                  href={`https://www.instagram.com/${encodeURIComponent(instagram)}/`}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="font-medium text-wine-700 underline decoration-wine-100 underline-offset-2 hover:decoration-wine-700"
                >
                  {shop.socialHandle}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </ContactLine>
            )}
            {shop.openingHours && (
              <ContactLine icon={<Clock className="h-5 w-5" />} label="Opening hours">
                {shop.openingHours}
              </ContactLine>
            )}
          </address>
        </section>

        <section
          aria-labelledby="write-to-us"
          className="self-start rounded-2xl border border-line bg-white p-6 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          {actionData?.ok ? (
            <SentPanel name={actionData.name} />
          ) : (
            <ContactForm values={actionData?.values} errors={actionData?.fields} formError={actionData?.error ?? null} />
          )}
        </section>

        <section aria-labelledby="quick-answers" className="self-start rounded-2xl bg-sand/60 p-6 lg:col-start-1 lg:row-start-2">
          <h2 id="quick-answers" className="font-sans text-xs font-semibold uppercase tracking-[0.18em] text-muted">
            Quick answers
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            {[
              { label: 'Frequently asked questions', to: paths.faq },
              { label: 'Shipping and delivery times', to: paths.shippingPolicy },
              { label: 'Returns and exchanges', to: paths.returnPolicy },
            ].map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-9 items-center text-wine-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span aria-hidden="true" className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-wine-50 text-wine-700">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-[0.14em] text-muted">{label}</p>
        <div className="mt-0.5 leading-6">{children}</div>
      </div>
    </div>
  );
}

function SentPanel({ name }: { name: string }) {
  // The form it replaces was taller: bring the confirmation into view and give it focus for screen readers.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'center' });
    panel.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={panel} tabIndex={-1} role="status" className="flex flex-col items-start gap-4 py-4 focus:outline-none">
      <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-wine-50 text-wine-700">
        <CircleCheck className="h-6 w-6" />
      </span>
      <h2 id="write-to-us" className="text-2xl font-semibold">
        Message sent
      </h2>
      <p className="max-w-prose text-muted">
        Thank you, {name}! We will reply within one working day. For anything urgent about an order, please call us during opening hours.
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.filter} className="btn btn-primary">
          Continue shopping
        </Link>
        <Link to={paths.contact} reloadDocument className="btn btn-outline">
          Send another message
        </Link>
      </div>
    </div>
  );
}

/**
 * The browser's check of the form, core's schema: fetched when she starts on the form rather than with the page,
 * as core's schemas are 22 KB of brotli the page would otherwise load (issue 27: 120 KB per page).
 */
let contactCheck: ((values: Record<string, unknown>) => FieldErrors | undefined) | null = null;
const loadContactCheck = () => {
  if (contactCheck) return;
  void import('../lib/contact-check').then((module) => {
    contactCheck = module.contactCheck;
  });
};

function ContactForm({ values, errors: serverErrors, formError }: { values?: Values; errors?: FieldErrors; formError: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction === paths.contact;
  // Errors found in the browser belong to the server answer they were found after; a newer answer wins.
  const [checked, setChecked] = useState<{ after: FieldErrors | undefined; errors: FieldErrors } | null>(null);
  const errors = (checked && checked.after === serverErrors ? checked.errors : serverErrors) ?? {};
  const formRef = useRef<HTMLFormElement>(null);

  // Take the shopper to the first field to fix, whichever side found it.
  useEffect(() => {
    const current = (checked && checked.after === serverErrors ? checked.errors : serverErrors) ?? {};
    const first = FIELDS.find((field) => current[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [checked, serverErrors]);

  // The same schema as the server: obvious mistakes are shown without a round trip, once the check has arrived
  // (a send before that is checked by the server, as without scripts).
  const checkBeforeSending = (event: FormEvent<HTMLFormElement>) => {
    if (!contactCheck) return;
    const errors = contactCheck(Object.fromEntries(new FormData(event.currentTarget)));
    if (errors) event.preventDefault();
    setChecked({ after: serverErrors, errors: errors ?? {} });
  };

  return (
    <>
      <h2 id="write-to-us" className="text-2xl font-semibold">
        Write to us
      </h2>
      <p className="mt-1 text-sm text-muted">We reply by e-mail within one working day. Fields marked * are required.</p>

      {formError && (
        <p role="alert" className="mt-5 rounded-xl border border-wine-100 bg-wine-50 px-4 py-3 text-sm font-medium text-wine-800">
          {formError}
        </p>
      )}

      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={checkBeforeSending}
        onFocus={loadContactCheck}
        onPointerDown={loadContactCheck}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <TextField
          id="contact-name"
          name="name"
          label="Name"
          required
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          defaultValue={values?.name}
          error={errors.name}
        />
        <TextField
          id="contact-email"
          name="email"
          label="E-mail"
          type="email"
          required
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          defaultValue={values?.email}
          error={errors.email}
        />
        <div className="sm:col-span-2">
          <TextField
            id="contact-phone"
            name="phone"
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint="Optional, if you would like a call back."
            maxLength={16}
            defaultValue={values?.phone}
            error={errors.phone}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            id="contact-message"
            name="message"
            label="Message"
            rows={6}
            required
            maxLength={CONTACT_LIMITS.messageMax}
            defaultValue={values?.message}
            hint="Tell us the product name or order number if you have one."
            error={errors.message}
          />
        </div>

        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted">
            We use your details only to answer you. See our{' '}
            <Link to={paths.privacyPolicy} className="text-wine-700 underline underline-offset-2">
              privacy policy
            </Link>
            .
          </p>
          <button type="submit" className="btn btn-primary w-full sm:w-auto sm:min-w-44" disabled={busy}>
            {busy ? 'Sending...' : 'Send message'}
          </button>
        </div>
      </Form>
    </>
  );
}
