import { data } from 'react-router';
import { AdminNotFound } from '../features/admin/admin-error';
import { privatePageMeta } from '../lib/meta';
import type { Route } from './+types/admin.not-found';

/** Spec §2.11: an unknown /admin/* path shows the admin not-found page, inside the frame, with status 404. */
export const loader = () => {
  throw data(null, { status: 404 });
};

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Page Not Found · Admin Panel', matches);

export default function AdminNotFoundPage() {
  return <AdminNotFound />;
}

export const ErrorBoundary = AdminNotFound;
