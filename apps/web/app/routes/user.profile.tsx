import { privatePageMeta } from '../lib/meta';
import { GENDERS, GENDER_LABELS, PASSWORD_MIN_LENGTH, type PublicUser } from '@shop/core';
import type { FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '../lib/toast';
import { MobileField, PasswordField, SelectField, TextField } from '../components/form-field';
import { changePassword, changePasswordSchema } from '../features/accounts/api/change-password';
import { useProfile } from '../features/accounts/api/get-profile';
import { updateProfile, updateProfileSchema } from '../features/accounts/api/update-profile';
import { PageState, UserPage } from '../features/accounts/user-page';
import { useForm } from '../lib/form';
import type { Route } from './+types/user.profile';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Profile Information', matches);

const today = () => new Date().toISOString().slice(0, 10);

function ProfileForm({ user }: { user: PublicUser }) {
  const { revalidate } = useRevalidator();
  const form = useForm({
    firstName: user.userFirstName,
    lastName: user.userLastName,
    phone: user.userPhone ?? '',
    dob: user.userDOB ?? '',
    gender: user.userGender ?? '',
  });
  const { field } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(updateProfileSchema, async () => {
      await updateProfile(form.values);
      toast.success('Profile updated.');
      await revalidate();
    });
  };

  return (
    <form onSubmit={save} noValidate className="rounded-2xl border border-line bg-white p-5 sm:p-6" aria-labelledby="personal-title">
      <h2 id="personal-title" className="text-xl font-semibold">
        Personal information
      </h2>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField label="Email" name="email" type="email" value={user.userEmail} readOnly hint="Your email cannot be changed." />
        <MobileField {...field('phone')} />
        <TextField label="Date of birth" type="date" max={today()} autoComplete="bday" {...field('dob')} />
        <SelectField label="Gender" {...field('gender')}>
          <option value="">Prefer not to say</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {GENDER_LABELS[gender]}
            </option>
          ))}
        </SelectField>
      </div>
      <button type="submit" className="btn btn-primary mt-6 w-full sm:w-auto" disabled={form.busy}>
        {form.busy ? 'Saving...' : 'Save changes'}
      </button>
    </form>
  );
}

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
  const form = useForm(NO_PASSWORDS);

  const change = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(changePasswordSchema, async (values) => {
      await changePassword(values);
      toast.success('Password changed.');
      form.setValues(NO_PASSWORDS);
    });
  };

  return (
    <form onSubmit={change} noValidate className="rounded-2xl border border-line bg-white p-5 sm:p-6" aria-labelledby="password-title">
      <h2 id="password-title" className="text-xl font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-sm text-muted">You stay logged in here; other devices are logged out.</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-3">
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...form.field('newPassword')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field('confirmPassword')} />
      </div>
      <button type="submit" className="btn btn-outline mt-6 w-full sm:w-auto" disabled={form.busy}>
        {form.busy ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}

/** Profile Information: name, phone, date of birth, gender; e-mail read-only; password change. */
export default function ProfilePage() {
  const profile = useProfile();
  return (
    <UserPage title="Profile Information">
      <PageState loading={profile.loading} error={profile.error}>
        {profile.data && (
          <div className="space-y-6">
            <ProfileForm user={profile.data} />
            <ChangePasswordForm />
          </div>
        )}
      </PageState>
    </UserPage>
  );
}
