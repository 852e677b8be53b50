import { data } from 'react-router';
import { AdminNotFound } from '../features/admin/admin-error';

/** Spec §2.11: an unknown /admin/* path shows the admin not-found page, inside the frame, with status 404. */
export const loader = () => {
  throw data(null, { status: 404 });
};

export const meta = () => [{ title: 'Page Not Found · Admin Panel' }, { name: 'robots', content: 'noindex' }];

export default function AdminNotFoundPage() {
  return <AdminNotFound />;
}

export const ErrorBoundary = AdminNotFound;
