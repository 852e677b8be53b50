import { ADMIN_ROLES, type AdminAccount, type Invite, type PublicAdmin } from '@shop/core';
import { Copy, MailPlus } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '../lib/toast';
import { SelectField, TextField } from '../components/form-field';
import { adminLoad, adminSubmit, formFields } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import { Chip, type ChipTone } from '../components/chip';
import { ConfirmButton } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { EmptyState, PageHeader, Panel } from '../components/page-header';
import { useActionToast } from '../lib/use-action-toast';
import { formatDate, formatDateTime } from '../lib/order-format';
import type { Route } from './+types/admin.profile';
import { privatePageMeta } from '../lib/meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = await adminLoad<{ admin: PublicAdmin }>(request, context, '/api/admin/me');
  if (admin.role !== 'owner') return { admin, invites: null, accounts: null };
  const [{ invites }, { accounts }] = await Promise.all([
    adminLoad<{ invites: Invite[] }>(request, context, '/api/admin/invites'),
    adminLoad<{ accounts: AdminAccount[] }>(request, context, '/api/admin/accounts'),
  ]);
  return { admin, invites, accounts };
}

/** Owners: invite (email, role), revoke an invite, turn a staff account off or on. The API checks the role. */
export async function action({ request, context }: Route.ActionArgs) {
  const { intent, email, role, inviteId, adminId } = formFields(await request.formData());
  if (intent === 'invite')
    return adminSubmit<{ invite: { url: string; expiresAt: string } }>(request, context, 'POST', '/api/admin/invites', { email, role });
  if (intent === 'revoke') return adminSubmit(request, context, 'DELETE', `/api/admin/invites/${encodeURIComponent(inviteId ?? '')}`);
  if (intent === 'deactivate' || intent === 'activate')
    return adminSubmit(request, context, 'POST', `/api/admin/accounts/${encodeURIComponent(adminId ?? '')}/${intent}`);
  return { ok: false as const, error: 'Unknown action.', fields: {} };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Profile · Admin Panel', matches);

const ROLE_LABEL = { owner: 'Owner', staff: 'Staff' } as const;
const INVITE_TONE: Record<Invite['status'], ChipTone> = { pending: 'warn', used: 'good', revoked: 'neutral', expired: 'neutral' };
const INVITE_LABEL: Record<Invite['status'], string> = { pending: 'Pending', used: 'Used', revoked: 'Revoked', expired: 'Expired' };

function InviteForm() {
  const fetcher = useFetcher<{ ok: true; data: { invite: { url: string; expiresAt: string } } } | { ok: false }>();
  const [sent, setSent] = useState<{ url: string; expiresAt: string; email: string } | null>(null);
  const [email, setEmail] = useState('');
  const errors = useActionToast(fetcher, 'Invite created', (data) => {
    setSent({ ...(data as { invite: { url: string; expiresAt: string } }).invite, email });
    setEmail('');
  });
  const copy = () => {
    if (!sent) return;
    navigator.clipboard.writeText(sent.url).then(
      () => toast.success('Link copied'),
      () => toast.error('Could not copy; select the link and copy it.'),
    );
  };
  return (
    <>
      <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="invite" />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <SelectField label="Role" name="role" defaultValue="staff" error={errors.role}>
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
            <button type="button" className="btn btn-outline shrink-0 bg-white" onClick={copy}>
              <Copy aria-hidden="true" className="h-4 w-4" /> Copy link
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/** The admin's own account; for owners also the invites and the staff accounts. */
export default function AdminProfile({ loaderData }: Route.ComponentProps) {
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

        {invites && accounts && (
          <>
            <Panel title="Invite an admin">
              <p className="mb-4 text-sm text-muted">
                The person gets a sign-up link by e-mail, valid for 7 days and usable once. Staff run products, orders and categories;
                owners also see money, accounts and the audit log.
              </p>
              <InviteForm />
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
                            success="Invite revoked"
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
                          success="Account deactivated"
                          tone="danger"
                        />
                      ) : (
                        <ConfirmButton
                          label="Activate"
                          title={`Activate ${account.adminName}?`}
                          message="They can log in again with their password."
                          confirmLabel="Activate"
                          fields={{ intent: 'activate', adminId: account._id }}
                          success="Account activated"
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
