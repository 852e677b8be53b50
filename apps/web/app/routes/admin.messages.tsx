import { adminContactQuerySchema } from '@shop/core';
import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { AdminMessagesList } from '../features/contact/admin-messages';
import { readListQuery } from '../lib/list-query';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.messages';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Messages · Admin Panel', matches);

/** Contact form messages, those waiting first (?status: all, unhandled or handled), 50 a page; any admin reads them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query } = readListQuery(request, adminContactQuerySchema);
  const list = await loaderCall(servicesOf(context).contact.list(query));
  return { ...list, status: query.status ?? 'all' };
}

/** /admin/messages: the inbox; 'Mark handled' on a row posts to the message's own page (admin.message.tsx). */
export default function AdminMessagesPage({ loaderData }: Route.ComponentProps) {
  return <AdminMessagesList {...loaderData} href={adminPaths.messages} messageHref={adminPaths.message} />;
}

export { AdminPageError as ErrorBoundary };
