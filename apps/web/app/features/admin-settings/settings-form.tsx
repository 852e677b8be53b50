import { GST_STATE_CODES, INDIAN_STATES, type ShopSettings } from '@shop/core';
import { Building2, Landmark, MapPin, Save, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { FormFailure } from '../../components/form-failure';
import { Logo } from '../../components/logo';
import type { Failure } from '../../lib/failure';

/** The fields the page posts, as the settings schema names them (the logo's file comes as `logo`). */
export const SETTINGS_FIELDS = [
  'name',
  'legalName',
  'tagline',
  'logoUrl',
  'gstin',
  'state',
  'address',
  'phone',
  'email',
  'openingHours',
  'socialHandle',
] as const satisfies readonly (keyof ShopSettings)[];
export type SettingsFormValues = Record<(typeof SETTINGS_FIELDS)[number], string>;

/**
 * One section of the Settings page: a heading, a line about it and its fields. Later owner's controls (cash on
 * delivery, issue 41; stock and returns limits, issue 40) are sections of their own in the same form.
 */
export function SettingsSection({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  icon: typeof Building2;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-white p-4 sm:p-6 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8"
    >
      <div className="mb-4 lg:mb-0">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-wine-700" />
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      <div className="grid min-w-0 gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/**
 * A checkbox of a settings section, labelled beside it, with its hint or its refusal below (the owner's controls,
 * cash on delivery).
 */
export function SettingsCheckbox({
  name,
  label,
  hint,
  error,
  defaultChecked,
  className,
}: {
  name: string;
  label: string;
  hint: ReactNode;
  error: string | undefined;
  defaultChecked: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-ink">
        <input
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : `${name}-hint`}
          className="h-5 w-5 shrink-0 accent-wine-700"
        />
        {label}
      </label>
      {!error && (
        <p id={`${name}-hint`} className="ml-8 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm font-medium text-wine-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Spans both columns of a section's grid (a long field). */
const Wide = ({ children }: { children: ReactNode }) => <div className="sm:col-span-2">{children}</div>;

const LOGO_TYPES = 'image/jpeg,image/png,image/webp,image/avif';
const fileClass =
  'mt-1.5 block w-full rounded-xl border border-dashed border-line bg-white p-2 text-sm text-muted file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-full file:border file:border-solid file:border-line file:bg-sand file:px-4 file:text-sm file:font-medium file:text-ink hover:file:border-wine-600 aria-[invalid=true]:border-wine-600';

/** The logo: what the shop shows now, and a file to replace it (stored as product photos are). */
function LogoField({ logoUrl, name, error }: { logoUrl: string; name: string; error: string | undefined }) {
  return (
    <Wide>
      <input type="hidden" name="logoUrl" value={logoUrl} />
      <div className="flex items-start gap-4">
        <Logo src={logoUrl} alt={`${name || 'Shop'} logo, as shown now`} className="h-16 w-16 border border-line bg-white" />
        <div className="min-w-0 flex-1">
          <label htmlFor="logo" className="block text-sm font-medium text-ink">
            Logo
          </label>
          <input
            id="logo"
            name="logo"
            type="file"
            accept={LOGO_TYPES}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'logo-error' : 'logo-hint'}
            className={fileClass}
          />
          {error ? (
            <p id="logo-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
              {error}
            </p>
          ) : (
            <p id="logo-hint" className="mt-1 text-xs text-muted">
              JPEG, PNG, WebP or AVIF, square is best. Leave empty to keep the logo shown.
            </p>
          )}
        </div>
      </div>
    </Wide>
  );
}

/**
 * The owner's form of the shop's own details, posted to the page's action (a plain multipart post without scripts,
 * the same post through React Router with them). A refused form comes back with what was typed and each message
 * beside its field. `children`: the owner's controls' sections (issue 40's, issue 41's cash on delivery), saved with
 * the details by the one button.
 */
export function SettingsForm({
  values,
  failure,
  savedAt,
  children,
}: {
  values: SettingsFormValues;
  failure: Failure | null;
  savedAt: string | null;
  children?: ReactNode;
}) {
  const busy = useNavigation().state === 'submitting';
  const errors = failure?.fields ?? {};
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6" aria-label="Shop settings">
      {savedAt === null && (
        <div role="note" className="flex gap-3 rounded-2xl border border-gold-400 bg-sand/70 p-4 text-sm text-ink">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
          <p>
            <strong className="font-semibold">These are the demo shop&apos;s details.</strong> Replace them with your own and save: every
            invoice states them, and a live shop takes no orders and makes no bills until you have.
          </p>
        </div>
      )}
      <FormFailure failure={failure} />

      <SettingsSection
        id="identity"
        icon={Building2}
        title="Shop"
        description="The name and logo on the storefront, the mails and the letterhead of every invoice."
      >
        <TextField label="Shop name" name="name" required maxLength={80} defaultValue={values.name} error={errors.name} />
        <TextField
          label="Legal name"
          name="legalName"
          required
          maxLength={120}
          defaultValue={values.legalName}
          error={errors.legalName}
          hint="As on your GST registration; often the same as the shop name."
        />
        <Wide>
          <TextField label="Tagline" name="tagline" maxLength={160} defaultValue={values.tagline} error={errors.tagline} />
        </Wide>
        <LogoField logoUrl={values.logoUrl} name={values.name} error={errors.logo ?? errors.logoUrl} />
      </SettingsSection>

      <SettingsSection
        id="tax"
        icon={Landmark}
        title="GST registration"
        description="Invoices and credit notes keep the details they were issued with; a change here applies to new ones."
      >
        <TextField
          label="GSTIN"
          name="gstin"
          required
          maxLength={15}
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={values.gstin}
          error={errors.gstin}
          hint="15 characters; its first two digits are your state's GST code."
        />
        <SelectField label="State" name="state" required defaultValue={values.state} error={errors.state}>
          {INDIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state} ({GST_STATE_CODES[state][0]})
            </option>
          ))}
        </SelectField>
      </SettingsSection>

      <SettingsSection
        id="contact"
        icon={MapPin}
        title="Address and contact"
        description="Where the shop is and how shoppers reach it: the contact page, the footer and the invoices."
      >
        <Wide>
          <TextAreaField
            label="Address"
            name="address"
            required
            rows={3}
            maxLength={300}
            defaultValue={values.address}
            error={errors.address}
          />
        </Wide>
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          required
          maxLength={20}
          autoComplete="off"
          defaultValue={values.phone}
          error={errors.phone}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Opening hours"
          name="openingHours"
          maxLength={120}
          placeholder="Mon–Sat, 10 am – 7 pm IST"
          defaultValue={values.openingHours}
          error={errors.openingHours}
          hint="As shoppers should read it; leave empty to hide."
        />
        <TextField
          label="Social handle"
          name="socialHandle"
          maxLength={60}
          placeholder="@yourshop"
          defaultValue={values.socialHandle}
          error={errors.socialHandle}
        />
      </SettingsSection>

      {children}

      <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 border-t border-line bg-ivory/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:rounded-2xl sm:border sm:px-6">
        <p className="text-sm text-muted">
          <span aria-hidden="true" className="text-wine-700">
            *
          </span>{' '}
          Required. Every save is in the audit log.
        </p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Save aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </Form>
  );
}
