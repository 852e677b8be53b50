import { ADMIN_ROLES, AppError, adminChangePasswordFormSchema, createInviteSchema, isUuid, type Invite } from '@shop/core';
import { Copy, MailPlus } from 'lucide-react';
import { useFetcher } from 'react-router';
import { toast } from '../lib/toast';
import { SelectField, TextField } from '../components/form-field';
import { adminOf, pageOf, servicesOf } from '../context';
import { buttonCall } from '../lib/button-action.server';
import { ownerActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { Chip, type ChipTone } from '../components/chip';
import { ConfirmButton } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { useHydrated } from '../components/enhanced';
import { useAnswerToast } from '../components/flash-message';
import { EmptyState, PageHeader, Panel } from '../components/page-header';
import { failureIn, fieldError } from '../lib/failure';
import { validate } from '../lib/form';
import { adminForm, formIntentOf } from '../features/admin/admin-form.server';
import { formText, formTexts } from '../lib/form-data';
import { formatDate, formatDateTime } from '../lib/order-format';
import { backTo, done } from '../lib/flash.server';
import { adminSessionToken } from '../lib/session-tokens.server';
import { ChangePasswordForm } from '../components/change-password-form';
import { actionCall, formFailure, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.profile';
import { privatePageMeta } from '../lib/meta';

/** The admin's own account; for owners also the invites and every admin account. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  if (admin.role !== 'owner') return { admin, invites: null, accounts: null };
  const { admins } = servicesOf(context);
  const [invites, accounts] = await loaderCall(Promise.all([admins.listInvites(), admins.listAccounts()]));
  return { admin, invites, accounts };
}

const INTENTS = ['password', 'invite', 'revoke', 'deactivate', 'activate'] as const;
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const DONE = { revoke: 'Invite revoked', deactivate: 'Account deactivated', activate: 'Account activated' } as const;

/**
 * Any admin: change her own password (the other sessions end). Owners (staff are refused in the API's words):
 * invite someone by e-mail and role — the answer carries the link,
 * which the page shows with or without scripts — revoke an invite, turn a staff account off or on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const intent = formIntentOf(form, INTENTS) ?? 'invite';
  const { admins } = servicesOf(context);
  if (intent === 'password') {
    // Passwords never come back with a refusal.
    const checked = validate(adminChangePasswordFormSchema, formTexts(form, PASSWORD_FIELDS));
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { intent });
    const { currentPassword, newPassword } = checked.data;
    return actionCall(
      admins.changePassword(
        adminOf(context)._id,
        { currentPassword, newPassword },
        adminSessionToken(request) ?? '',
        pageOf(context).clientIp,
      ),
      () => done(form, adminPaths.profile, { kind: 'success', message: 'Password changed. Your other sessions have ended.' }),
      { intent },
    );
  }
  if (intent === 'invite') {
    const values = { email: formText(form, 'email'), role: formText(form, 'role') };
    const echo = { intent, email: values.email };
    const checked = validate(createInviteSchema, values);
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, echo);
    const input = checked.data;
    const invite = async () => admins.createInvite(ownerActor(context), input);
    return actionCall(
      invite(),
      (created) => ({
        ok: true as const,
        intent,
        email: input.email,
        invite: created,
        toast: { kind: 'success' as const, message: 'Invite created' },
      }),
      echo,
    );
  }
  return buttonCall(
    form,
    backTo(request, form, adminPaths.profile),
    async () => {
      const actor = ownerActor(context);
      if (intent === 'revoke') {
        const inviteId = formText(form, 'inviteId');
        if (!isUuid(inviteId)) throw new AppError('NOT_FOUND', 'Invite not found');
        return admins.revokeInvite(actor, inviteId);
      }
      const adminId = formText(form, 'adminId');
      if (!isUuid(adminId)) throw new AppError('NOT_FOUND', 'Admin not found');
      return admins.setActive(actor, adminId, intent === 'activate');
    },
    DONE[intent],
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Profile · Admin Panel', matches);

const ROLE_LABEL = { owner: 'Owner', staff: 'Staff' } as const;
const INVITE_TONE: Record<Invite['status'], ChipTone> = { pending: 'warn', used: 'good', revoked: 'neutral', expired: 'neutral' };
const INVITE_LABEL: Record<Invite['status'], string> = { pending: 'Pending', used: 'Used', revoked: 'Revoked', expired: 'Expired' };

interface InviteSent {
  email: string;
  invite: { url: string; expiresAt: string };
}
const isInviteSent = (answer: unknown): answer is InviteSent => typeof answer === 'object' && answer !== null && 'invite' in answer;

/**
 * The invite form. Its answer (the link, or what was refused) comes to its fetcher once the scripts run, or, after
 * a plain HTML post, as the page's action data: the link is shown either way.
 */
function InviteForm({ posted }: { posted: Route.ComponentProps['actionData'] }) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  useAnswerToast(fetcher.data, { failures: true });
  const answer = fetcher.data ?? posted;
  const failure = failureIn(answer);
  const sent = isInviteSent(answer) ? { ...answer.invite, email: answer.email } : null;
  const copy = () => {
    if (!sent) return;
    navigator.clipboard.writeText(sent.url).then(
      () => toast.success('Link copied'),
      () => toast.error('Could not copy; select the link and copy it.'),
    );
  };
  return (
    <>
      {/* A new form after each invite sent: the address typed is cleared. */}
      <fetcher.Form key={sent?.url ?? 'invite'} method="post" className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="invite" />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          required
          defaultValue={failure && 'email' in failure ? String(failure.email) : ''}
          error={fieldError(failure, 'email')}
        />
        <SelectField label="Role" name="role" defaultValue="staff" error={fieldError(failure, 'role')}>
          {ADMIN_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
          <MailPlus aria-hidden="true" className="h-4 w-4" />
          {fetcher.state !== 'idle' ? 'Sending...' : 'Send invite'}
        </button>
      </fetcher.Form>
      {failure?.error && !failure.fields.email && (
        <p role="alert" className="mt-3 text-sm font-medium text-wine-700">
          {failure.error}
        </p>
      )}
      {sent && (
        <div role="status" className="mt-4 rounded-xl border border-[#bfe3cd] bg-[#e3f4ea] p-4 text-sm text-[#1a4d31]">
          <p className="font-semibold">Invite link for {sent.email}</p>
          <p className="mt-1">It was also e-mailed, works once, until {formatDateTime(sent.expiresAt)}.</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              aria-label="Invite link"
              value={sent.url}
              onFocus={(event) => event.target.select()}
              className="min-h-11 w-full min-w-0 rounded-xl border border-[#bfe3cd] bg-white px-3 font-mono text-xs text-ink"
            />
            {hydrated && (
              <button type="button" className="btn btn-outline shrink-0 bg-white" onClick={copy}>
                <Copy aria-hidden="true" className="h-4 w-4" /> Copy link
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}

/** The admin's own account; for owners also the invites and the staff accounts. */
export default function AdminProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { admin, invites, accounts } = loaderData;
  return (
    <>
      <PageHeader title="Profile" description="Your admin account" />
      <div className="space-y-6">
        <Panel>
          <div className="flex items-center gap-4">
            <span
              aria-hidden="true"
              className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-wine-700 font-display text-2xl text-white"
            >
              {admin.adminName.slice(0, 1).toUpperCase()}
            </span>
            <dl className="grid min-w-0 flex-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
              <div className="min-w-0">
                <dt className="text-muted">Name</dt>
                <dd className="truncate font-semibold">{admin.adminName}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-muted">Email</dt>
                <dd className="truncate font-semibold">{admin.adminEmail}</dd>
              </div>
              <div>
                <dt className="text-muted">Role</dt>
                <dd>
                  <Chip tone={admin.role === 'owner' ? 'info' : 'neutral'}>{ROLE_LABEL[admin.role]}</Chip>
                </dd>
              </div>
            </dl>
          </div>
        </Panel>

        <ChangePasswordForm />

        {invites && accounts && (
          <>
            <Panel title="Invite an admin">
              <p className="mb-4 text-sm text-muted">
                The person gets a sign-up link by e-mail, valid for 7 days and usable once. Staff run products, orders and categories;
                owners also see money, accounts and the audit log.
              </p>
              <InviteForm posted={actionData} />
            </Panel>

            <section aria-labelledby="invites-title">
              <h2 id="invites-title" className="mb-3 text-lg font-semibold">
                Invites
              </h2>
              {invites.length === 0 ? (
                <EmptyState title="No invites yet" />
              ) : (
                <DataTable
                  caption="Invites"
                  rows={invites}
                  rowKey={(invite) => invite._id}
                  columns={[
                    { header: 'Email', primary: true, cell: (invite) => <span className="break-all">{invite.email}</span> },
                    { header: 'Role', cell: (invite) => ROLE_LABEL[invite.role] },
                    { header: 'Status', cell: (invite) => <Chip tone={INVITE_TONE[invite.status]}>{INVITE_LABEL[invite.status]}</Chip> },
                    { header: 'Sent', cell: (invite) => formatDate(invite.createdAt) },
                    { header: 'Expires', cell: (invite) => formatDate(invite.expiresAt) },
                    {
                      header: 'Action',
                      cell: (invite) =>
                        invite.status === 'pending' ? (
                          <ConfirmButton
                            label="Revoke"
                            title="Revoke this invite?"
                            message={`The link sent to ${invite.email} will stop working.`}
                            confirmLabel="Revoke invite"
                            fields={{ intent: 'revoke', inviteId: invite._id }}
                            tone="danger"
                          />
                        ) : (
                          <span className="text-muted">—</span>
                        ),
                    },
                  ]}
                />
              )}
            </section>

            <section aria-labelledby="accounts-title">
              <h2 id="accounts-title" className="mb-3 text-lg font-semibold">
                Admin accounts
              </h2>
              <DataTable
                caption="Admin accounts"
                rows={accounts}
                rowKey={(account) => account._id}
                columns={[
                  { header: 'Name', primary: true, cell: (account) => account.adminName },
                  { header: 'Email', cell: (account) => <span className="break-all">{account.adminEmail}</span> },
                  { header: 'Role', cell: (account) => ROLE_LABEL[account.role] },
                  {
                    header: 'Status',
                    cell: (account) => <Chip tone={account.active ? 'good' : 'neutral'}>{account.active ? 'Active' : 'Deactivated'}</Chip>,
                  },
                  { header: 'Since', cell: (account) => formatDate(account.createdAt) },
                  {
                    header: 'Action',
                    cell: (account) =>
                      account.role !== 'staff' ? (
                        <span className="text-muted">—</span>
                      ) : account.active ? (
                        <ConfirmButton
                          label="Deactivate"
                          title={`Deactivate ${account.adminName}?`}
                          message="They are logged out at once and cannot log in until you activate the account again."
                          confirmLabel="Deactivate"
                          fields={{ intent: 'deactivate', adminId: account._id }}
                          tone="danger"
                        />
                      ) : (
                        <ConfirmButton
                          label="Activate"
                          title={`Activate ${account.adminName}?`}
                          message="They can log in again with their password."
                          confirmLabel="Activate"
                          fields={{ intent: 'activate', adminId: account._id }}
                        />
                      ),
                  },
                ]}
              />
            </section>
          </>
        )}
      </div>
    </>
  );
}

export { AdminPageError as ErrorBoundary };
