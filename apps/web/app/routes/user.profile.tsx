import { changePasswordSchema, GENDERS, GENDER_LABELS, istDay, updateProfileSchema, type PublicUser } from '@shop/core';
import { useActionData, useFetcher } from 'react-router';
import { Enhanced } from '../components/enhanced';
import { useAnswerToast } from '../components/flash-message';
import { ChangePasswordForm } from '../components/change-password-form';
import { FormFailure } from '../components/form-failure';
import { MobileField, SelectField, TextField } from '../components/form-field';
import { paths } from '../config/paths';
import { pageOf, signedInShopper } from '../context';
import { sessionTokenOf } from '../lib/session-tokens.server';
import { UserPage } from '../features/accounts/user-page';
import { failureIn, fieldError } from '../lib/failure';
import { formIntent, formTexts } from '../lib/form-data';
import { validate } from '../lib/form';
import { done } from '../lib/flash.server';
import { privatePageMeta } from '../lib/meta';
import { actionCall, formFailure } from '../lib/service-call.server';
import type { Route } from './+types/user.profile';
import { postedForm } from '../lib/read-form.server';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Profile Information', matches);

/** The shopper as this request found her (the /user layout has checked she is signed in). */
export const loader = ({ context }: Route.LoaderArgs) => ({ user: signedInShopper(context) });

const PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'dob', 'gender'] as const;
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Two forms, told apart by `intent`: 'profile' saves name, phone, date of birth and gender; 'password' changes the
 * password after checking the current one, and every other device is logged out (this session stays).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const intent = formIntent(form, ['profile', 'password'], 'profile');
  const { services, clientIp } = pageOf(context);
  const user = signedInShopper(context);

  if (intent === 'profile') {
    const values = formTexts(form, PROFILE_FIELDS);
    const checked = validate(updateProfileSchema, values);
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { intent, values });
    return actionCall(
      services.accounts.updateProfile(user._id, checked.data),
      () => done(form, paths.userProfile, { kind: 'success', message: 'Profile updated.' }),
      { intent, values },
    );
  }

  // Passwords never come back with a refusal.
  const checked = validate(changePasswordSchema, formTexts(form, PASSWORD_FIELDS));
  if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { intent });
  return actionCall(
    services.accounts.changePassword(user._id, checked.data, sessionTokenOf(request) ?? '', clientIp),
    () => done(form, paths.userProfile, { kind: 'success', message: 'Password changed.' }),
    { intent },
  );
}

/** The latest date of birth the date picker offers: today in India, as the profile's schema checks it. */
const today = () => istDay(new Date());

/**
 * What one of the page's forms was answered: its fetcher's data once scripts run, or, after a plain HTML post
 * that was refused, the page's action data when that post came from this form.
 */
function useAnswer<T>(fetcherData: T | undefined, intent: string) {
  const posted = useActionData<typeof action>();
  return fetcherData ?? (posted && 'intent' in posted && posted.intent === intent ? posted : undefined);
}

function ProfileForm({ user }: { user: PublicUser }) {
  const fetcher = useFetcher<typeof action>();
  const answer = useAnswer(fetcher.data, 'profile');
  useAnswerToast(fetcher.data);
  const failure = failureIn(answer);
  // A refused plain post shows what was typed; otherwise the profile as saved.
  const typed = answer && 'values' in answer ? answer.values : undefined;
  const value = (name: (typeof PROFILE_FIELDS)[number], saved: string | null) => typed?.[name] ?? saved ?? '';
  const busy = fetcher.state !== 'idle';

  return (
    <fetcher.Form method="post" noValidate className="rounded-2xl border border-line bg-white p-5 sm:p-6" aria-labelledby="personal-title">
      <Enhanced />
      <input type="hidden" name="intent" value="profile" />
      <h2 id="personal-title" className="text-xl font-semibold">
        Personal information
      </h2>
      <FormFailure failure={failure} className="mt-4" />
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          defaultValue={value('firstName', user.userFirstName)}
          error={fieldError(failure, 'firstName')}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          defaultValue={value('lastName', user.userLastName)}
          error={fieldError(failure, 'lastName')}
        />
        <TextField label="Email" name="email" type="email" value={user.userEmail} readOnly hint="Your email cannot be changed." />
        <MobileField name="phone" defaultValue={value('phone', user.userPhone)} error={fieldError(failure, 'phone')} />
        <TextField
          label="Date of birth"
          name="dob"
          type="date"
          max={today()}
          autoComplete="bday"
          defaultValue={value('dob', user.userDOB)}
          error={fieldError(failure, 'dob')}
        />
        <SelectField label="Gender" name="gender" defaultValue={value('gender', user.userGender)} error={fieldError(failure, 'gender')}>
          <option value="">Prefer not to say</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {GENDER_LABELS[gender]}
            </option>
          ))}
        </SelectField>
      </div>
      <button type="submit" className="btn btn-primary mt-6 w-full sm:w-auto" disabled={busy}>
        {busy ? 'Saving...' : 'Save changes'}
      </button>
    </fetcher.Form>
  );
}

/** Profile Information: name, phone, date of birth, gender; e-mail read-only; password change. */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <UserPage title="Profile Information">
      <div className="space-y-6">
        <ProfileForm user={loaderData.user} />
        <ChangePasswordForm />
      </div>
    </UserPage>
  );
}
