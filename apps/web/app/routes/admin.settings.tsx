import { AppError, shopSettingsSchema, type UpdateSettings } from '@shop/core';
import { useActionData } from 'react-router';
import { servicesOf } from '../context';
import { adminActor, ownerActor, requireOwner } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { CONTROL_FIELDS, controlsFormValues, parseControls, type ControlsFormValues } from '../features/admin-settings/owner-controls-form';
import { OwnerControlsSection } from '../features/admin-settings/owner-controls-section';
import { COD_FIELDS, codFormValues, parseCod, type CodFormValues } from '../features/admin-settings/cod-form';
import { CodSection } from '../features/admin-settings/cod-section';
import { COURIER_FIELDS, CourierSection, parseCourierChoice, type CourierFormValues } from '../features/admin-settings/courier-section';
import { SETTINGS_FIELDS, SettingsForm, type SettingsFormValues } from '../features/admin-settings/settings-form';
import { PageHeader } from '../components/page-header';
import { isFailure, type Failure } from '../lib/failure';
import { redirectWithFlash } from '../lib/flash.server';
import { validate } from '../lib/form';
import { formFiles, formTexts } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { formatDateTime } from '../lib/order-format';
import { ONE_PHOTO_FORM, postedForm } from '../lib/read-form.server';
import { actionCall, formFailure, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.settings';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Settings · Admin Panel', matches);

/** Owners only: staff get the API's refusal (403, in its words) as the page, as on the audit log. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  return loaderCall(servicesOf(context).settings.getForOwner(adminActor(context)));
}

export const SETTINGS_SAVED = 'Settings saved.';

/**
 * Saves the shop's details as the owner typed them, checked with the API's schema (the GSTIN by its check character
 * and the state's code): a refused form comes back with its values and each message beside its field. A logo file,
 * when one is chosen, is stored as product photos are, and its address saved with the rest. Audited by the service.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Staff get the page's refusal (403) before the form is read; the service refuses them too.
  requireOwner(context);
  const actor = ownerActor(context);
  const form = await postedForm(request, ONE_PHOTO_FORM);
  const details: SettingsFormValues = formTexts(form, SETTINGS_FIELDS);
  // GSTINs are written in capitals; a lower-case one typed is the same number.
  details.gstin = details.gstin.trim().toUpperCase();
  const typedControls: ControlsFormValues = formTexts(form, CONTROL_FIELDS);
  const typedCod: CodFormValues = formTexts(form, COD_FIELDS);
  const typedCourier: CourierFormValues = formTexts(form, COURIER_FIELDS);
  const echo = { values: { ...details, ...typedControls, ...typedCod, ...typedCourier } };
  const checked = validate(shopSettingsSchema, details);
  // A form without the controls' fields (a page loaded before they were added) leaves them as they are.
  const controls = form.has('staffReturnMax') || form.has('lowStockThreshold') ? parseControls(typedControls) : null;
  // Likewise cash on delivery (issue 41): its checkbox is absent when unticked, so its amounts say it was on the page.
  const cod = form.has('codFee') || form.has('codMaxOrder') ? parseCod(typedCod) : null;
  // The default courier (issue 42): a page without its radios leaves it as it is.
  const courier = form.has('courierChoice') ? parseCourierChoice(typedCourier) : null;
  if (!checked.data || controls?.errors || cod?.errors || courier?.errors) {
    return formFailure(400, { error: null, fields: { ...checked.errors, ...controls?.errors, ...cod?.errors, ...courier?.errors } }, echo);
  }
  const input: UpdateSettings = {
    ...checked.data,
    ...(controls && { controls: controls.controls }),
    ...(cod && { cod: cod.cod }),
    ...(courier && { courierChoice: courier.courierChoice }),
  };
  const [logo] = formFiles(form, 'logo');
  const { settings } = servicesOf(context);
  return actionCall(
    (async () => {
      if (logo) {
        try {
          input.logoUrl = await settings.saveLogo(actor, new Uint8Array(await logo.arrayBuffer()));
        } catch (error) {
          // The picture's refusal (not an image, too many pixels) belongs beside the logo's field.
          if (error instanceof AppError && error.code === 'INVALID_DATA')
            throw new AppError('INVALID_DATA', error.message, { logo: error.message });
          throw error;
        }
      }
      return settings.update(actor, input);
    })(),
    () => redirectWithFlash(adminPaths.settings, { kind: 'success', message: SETTINGS_SAVED }),
    echo,
  );
}

/** A refused form's answer: the failure and what was typed. */
type Refused = Failure & { values?: SettingsFormValues & ControlsFormValues & CodFormValues & CourierFormValues };

/**
 * /admin/settings: the shop's own details in sections (identity, GST registration, address and contact), then the
 * owner's controls, cash on delivery and the default courier.
 */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const answer: unknown = useActionData();
  const refused = isFailure(answer) ? (answer as Refused) : null;
  const values = refused?.values ?? {
    ...loaderData.settings,
    ...controlsFormValues(loaderData.controls),
    ...codFormValues(loaderData.cod),
    courierChoice: loaderData.courierChoice,
  };
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          loaderData.savedAt
            ? `The shop's own details: on the storefront, the mails and every invoice. Last saved ${formatDateTime(loaderData.savedAt)}.`
            : "The shop's own details: on the storefront, the mails and every invoice."
        }
      />
      {/* A new form after each answer: the values shown are the ones saved, or the ones refused. */}
      <SettingsForm key={JSON.stringify(values)} values={values} failure={refused} savedAt={loaderData.savedAt}>
        <OwnerControlsSection values={values} errors={refused?.fields ?? {}} />
        <CodSection values={values} errors={refused?.fields ?? {}} />
        <CourierSection values={values} errors={refused?.fields ?? {}} />
      </SettingsForm>
    </>
  );
}

export { AdminPageError as ErrorBoundary };
