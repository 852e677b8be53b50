import { AppError, isUuid, type UserNotification } from '@shop/core';
import { Bell } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { Enhanced } from '../components/enhanced';
import { useAnswerToast } from '../components/flash-message';
import { pageOf, signedInShopper } from '../context';
import { UserPage } from '../features/accounts/user-page';
import { buttonCall } from '../lib/button-action.server';
import { formIntent, formText } from '../lib/form-data';
import { formatDateTime } from '../lib/order-format';
import { backTo } from '../lib/flash.server';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/user.notifications';
import { postedForm } from '../lib/read-form.server';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('All Notifications', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const { notifications } = pageOf(context).services;
  const userId = signedInShopper(context)._id;
  const [list, unreadCount] = await loaderCall(Promise.all([notifications.list(userId), notifications.unreadCount(userId)]));
  return { notifications: list, unreadCount };
}

/** 'read' marks one notification (of `notificationId`) read, 'read-all' all of them; the header's count follows. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const { notifications } = pageOf(context).services;
  const userId = signedInShopper(context)._id;
  const back = backTo(request, form, '/user/notifications');
  if (formIntent(form, ['read', 'read-all'], 'read') === 'read-all') return buttonCall(form, back, () => notifications.markAllRead(userId));
  const id = formText(form, 'notificationId');
  // Ids are UUIDs: anything else is not one of hers (as the API's parameter check answers).
  return buttonCall(form, back, async () => {
    if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Notification not found.');
    await notifications.markRead(userId, id);
  });
}

/** A button that marks read: a form post of its own (works without scripts); a refusal is toasted when they run. */
function MarkRead({
  intent,
  notification,
  className,
  children,
}: {
  intent: 'read' | 'read-all';
  notification?: UserNotification;
  className: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher<typeof action>();
  useAnswerToast(fetcher.data, { failures: true });
  return (
    <fetcher.Form method="post">
      <Enhanced />
      <input type="hidden" name="intent" value={intent} />
      {notification && <input type="hidden" name="notificationId" value={notification._id} />}
      <button type="submit" className={className} disabled={fetcher.state !== 'idle'}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/** All Notifications: newest first; unread ones stand out until marked read (the header count follows). */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { notifications: list, unreadCount } = loaderData;
  return (
    <UserPage
      title="All Notifications"
      actions={
        unreadCount > 0 && (
          <MarkRead intent="read-all" className="btn btn-outline">
            Mark all as read
          </MarkRead>
        )
      }
    >
      {list.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <Bell aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
          <p className="mt-3 font-semibold">No notifications yet.</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {list.map((item) => (
            <li key={item._id} className={`rounded-2xl border p-5 ${item.read ? 'border-line bg-white' : 'border-wine-100 bg-wine-50'}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-sans text-base font-semibold">
                  {!item.read && <span className="sr-only">Unread: </span>}
                  {item.title}
                </h2>
                <time dateTime={item.createdAt} className="text-xs text-muted">
                  {formatDateTime(item.createdAt)}
                </time>
              </div>
              <p className="mt-1 text-sm">{item.body}</p>
              <div className="mt-2 flex flex-wrap gap-x-5 text-sm font-semibold text-wine-700">
                {item.link && (
                  <Link to={item.link} className="inline-flex min-h-11 items-center hover:underline">
                    View
                  </Link>
                )}
                {!item.read && (
                  <MarkRead intent="read" notification={item} className="min-h-11 hover:underline disabled:opacity-60">
                    Mark as read<span className="sr-only">: {item.title}</span>
                  </MarkRead>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </UserPage>
  );
}
