import type { AdminUserRow } from '@shop/core';
import { ConfirmButton } from '../../components/confirm-dialog';

export const shopperName = (user: AdminUserRow) => `${user.userFirstName} ${user.userLastName}`;

export const SHOPPER_BLOCKED = 'Shopper blocked';
export const SHOPPER_UNBLOCKED = 'Shopper unblocked';

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
    />
  ) : (
    <ConfirmButton
      label="Block"
      title={`Block ${name}?`}
      message="She is logged out everywhere at once and cannot log in until you unblock her. Her orders stay as they are."
      confirmLabel="Block shopper"
      fields={{ intent: 'block', userId: user._id }}
      tone="danger"
    />
  );
}
