import type { AdminUserRow } from '@shop/core';
import { ConfirmButton } from '../../components/confirm-dialog';

export const shopperName = (user: AdminUserRow) => `${user.userFirstName} ${user.userLastName}`;

/** Owners: block a shopper (no login, sessions end now) or let her back in, after a confirmation. */
export function BlockUserButton({ user }: { user: AdminUserRow }) {
  const name = shopperName(user);
  return user.blocked ? (
    <ConfirmButton
      label="Unblock"
      title={`Unblock ${name}?`}
      message="She can log in and shop again."
      confirmLabel="Unblock"
      fields={{ intent: 'unblock', userId: user._id }}
      success="Shopper unblocked"
    />
  ) : (
    <ConfirmButton
      label="Block"
      title={`Block ${name}?`}
      message="She is logged out everywhere at once and cannot log in until you unblock her. Her orders stay as they are."
      confirmLabel="Block shopper"
      fields={{ intent: 'block', userId: user._id }}
      success="Shopper blocked"
      tone="danger"
    />
  );
}

/** The action of a page with BlockUserButton: the user id and the intent, or nothing. */
export function blockIntent(fields: Record<string, string>) {
  const { intent, userId } = fields;
  return (intent === 'block' || intent === 'unblock') && userId
    ? { path: `/api/admin/user/${intent}User/${encodeURIComponent(userId)}` }
    : null;
}
