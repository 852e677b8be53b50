import { AppError, isUuid } from '@shop/core';
import type { RouterContextProvider } from 'react-router';
import { servicesOf } from '../../context';
import { formText } from '../../lib/form-data';
import { adminForm } from './admin-form.server';
import { buttonCall } from '../../lib/button-action.server';
import { backTo } from '../../lib/flash.server';
import { ownerActor } from './admin-actor.server';
import { SHOPPER_BLOCKED, SHOPPER_UNBLOCKED } from './block-user-button';

/**
 * The action of a page with BlockUserButton (the users list, a shopper's page): owners block a shopper or let her
 * back in; staff are refused as the API refuses them.
 */
export async function blockUserAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  fallback: string,
) {
  const form = await adminForm(request);
  const intent = formText(form, 'intent');
  const userId = formText(form, 'userId');
  const users = servicesOf(context).adminUsers;
  return buttonCall(
    form,
    backTo(request, form, fallback),
    async () => {
      const actor = ownerActor(context);
      if (intent !== 'block' && intent !== 'unblock') throw new AppError('INVALID_DATA', 'Unknown action.');
      if (!isUuid(userId)) throw new AppError('NOT_FOUND', 'User not found');
      await (intent === 'block' ? users.block(actor, userId) : users.unblock(actor, userId));
    },
    intent === 'block' ? SHOPPER_BLOCKED : SHOPPER_UNBLOCKED,
  );
}
