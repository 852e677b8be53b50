import { privatePageMeta } from '../lib/meta';
import { Bell } from 'lucide-react';
import { Link, useRevalidator } from 'react-router';
import { toast } from '../lib/toast';
import { PageState, UserPage } from '../features/accounts/user-page';
import { useNotifications } from '../features/notifications/api/get-notifications';
import { markAllNotificationsRead } from '../features/notifications/api/mark-all-notifications-read';
import { markNotificationRead } from '../features/notifications/api/mark-notification-read';
import { errorMessage } from '../lib/api-client';
import type { Route } from './+types/user.notifications';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('All Notifications', matches);

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** All Notifications: newest first; unread ones stand out until marked read (the header count follows). */
export default function NotificationsPage() {
  const { revalidate } = useRevalidator();
  const notifications = useNotifications();
  const list = notifications.data?.notifications ?? [];

  const mark = async (markRead: () => Promise<unknown>) => {
    try {
      await markRead();
      await Promise.all([notifications.reload(), revalidate()]);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <UserPage
      title="All Notifications"
      actions={
        (notifications.data?.unreadCount ?? 0) > 0 && (
          <button type="button" className="btn btn-outline" onClick={() => void mark(markAllNotificationsRead)}>
            Mark all as read
          </button>
        )
      }
    >
      <PageState
        loading={notifications.loading}
        error={notifications.error}
        empty={
          list.length === 0 && (
            <>
              <Bell aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
              <p className="mt-3 font-semibold">No notifications yet.</p>
            </>
          )
        }
      >
        <ul className="space-y-3">
          {list.map((item) => (
            <li key={item._id} className={`rounded-2xl border p-5 ${item.read ? 'border-line bg-white' : 'border-wine-100 bg-wine-50'}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-sans text-base font-semibold">
                  {!item.read && <span className="sr-only">Unread: </span>}
                  {item.title}
                </h2>
                <time dateTime={item.createdAt} className="text-xs text-muted">
                  {when.format(new Date(item.createdAt))}
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
                  <button
                    type="button"
                    className="min-h-11 hover:underline"
                    onClick={() => void mark(() => markNotificationRead(item._id))}
                  >
                    Mark as read<span className="sr-only">: {item.title}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </PageState>
    </UserPage>
  );
}
