import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { adminPaths } from './admin-paths';

/** An unknown back-office path or record, inside the admin frame (spec §2.11: 'Unknown admin paths show a not-found page'). */
export function AdminNotFound() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="admin-not-found" className="rounded-3xl border border-line bg-white px-6 py-14 text-center">
      <p className="font-display text-7xl font-semibold text-wine-700">404</p>
      <h1 id="admin-not-found" className="mt-2 text-2xl font-semibold">
        Page Not Found
      </h1>
      <p className="mt-2 text-sm text-muted">There is no admin page or record at this address.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={adminPaths.dashboard} className="btn btn-primary">
          Back to Dashboard
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => void navigate(-1)}>
          Go Back
        </button>
      </div>
    </section>
  );
}

/** A page that failed inside the admin frame: not found, owner only (403, with the server's words), or a render failure. */
export function AdminPageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <AdminNotFound />;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  // The API's own words for a refusal (owner only, a filter it could not read); never details of a crash.
  const message = isRouteErrorResponse(error) && error.status < 500 ? ((error.data as { error?: string } | null)?.error ?? null) : null;
  return (
    <section role="alert" className="rounded-3xl border border-line bg-white px-6 py-14 text-center">
      <h1 className="text-2xl font-semibold">{forbidden ? 'Owner only' : 'Something went wrong while loading the page.'}</h1>
      <p className="mt-2 text-sm text-muted">{message ?? 'Please try again in a moment.'}</p>
      <Link to={adminPaths.dashboard} className="btn btn-primary mt-8">
        Back to Dashboard
      </Link>
    </section>
  );
}
