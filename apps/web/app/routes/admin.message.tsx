import { AppError, contactReplyInputSchema } from '@shop/core';
import { servicesOf } from '../context';
import { adminActor } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminForm, formIntentOf } from '../features/admin/admin-form.server';
import { adminPaths } from '../features/admin/admin-paths';
import { AdminMessageView, type ReplyFailure } from '../features/contact/admin-messages';
import { buttonCall } from '../lib/button-action.server';
import { failureIn } from '../lib/failure';
import { backTo, redirectWithFlash } from '../lib/flash.server';
import { validate } from '../lib/form';
import { formText } from '../lib/form-data';
import { privatePageMeta } from '../lib/meta';
import { actionCall, formFailure, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.message';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`${data ? `Message from ${data.message.name}` : 'Message'} · Admin Panel`, matches);

/** One message with the shop's replies; an address that names no message is the admin's not-found page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { message: await loaderCall(servicesOf(context).contact.get(params.messageId)) };
}

export const MESSAGE_ACTIONS = ['reply', 'markHandled'] as const;
export const MARKED_HANDLED = 'Message marked handled.';
export const replySent = (email: string) => `Reply sent to ${email}.`;

/**
 * A message's changes, for any admin (issue 38), audited under her name. 'reply' mails her answer to the sender and
 * marks the message handled; a refused reply comes back beside its field with the text typed. 'markHandled' answers
 * as a button does: back to the page it came from (this one, or the list) with the message.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await adminForm(request);
  const intent = formIntentOf(form, MESSAGE_ACTIONS);
  const { messageId } = params;
  const contact = servicesOf(context).contact;
  if (intent === 'reply') {
    const values = { message: formText(form, 'message') };
    const checked = validate(contactReplyInputSchema, values);
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { values });
    return actionCall(
      contact.reply(adminActor(context), messageId, checked.data.message),
      (answered) => redirectWithFlash(adminPaths.message(answered._id), { kind: 'success', message: replySent(answered.email) }),
      { values },
    );
  }
  return buttonCall(
    form,
    backTo(request, form, adminPaths.message(messageId)),
    async () => {
      if (!intent) throw new AppError('INVALID_DATA', 'Unknown action.');
      await contact.markHandled(adminActor(context), messageId);
    },
    MARKED_HANDLED,
  );
}

/** A refused reply's answer with the text typed; a button's refusal (no text) is told by its toast or flash instead. */
function replyFailureOf(answer: unknown): ReplyFailure | null {
  const failure = failureIn(answer);
  const typed = (answer as { values?: { message?: unknown } } | undefined)?.values?.message;
  return failure && typeof typed === 'string' ? { ...failure, values: { message: typed } } : null;
}

/** /admin/messages/{messageId}: the message, the replies sent, the reply form and 'Mark handled'. */
export default function AdminMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const failure = replyFailureOf(actionData);
  return <AdminMessageView message={message} href={adminPaths.message(message._id)} listHref={adminPaths.messages} failure={failure} />;
}

export { AdminPageError as ErrorBoundary };
