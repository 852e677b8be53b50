import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { adminPaths } from './admin-paths';

/** A back-office page that the next piece of work builds: says so plainly instead of showing an empty screen. */
export function ComingNext({ title }: { title: string }) {
  return (
    <section aria-labelledby="coming-next" className="rounded-3xl border border-dashed border-line bg-white px-6 py-14 text-center">
      <Hourglass aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
      <h1 id="coming-next" className="mt-4 text-2xl font-semibold">
        {title}
      </h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">
        Coming next: this page is being built and will appear here in the next update of the back-office.
      </p>
      <Link to={adminPaths.dashboard} className="btn btn-outline mt-8">
        Back to Dashboard
      </Link>
    </section>
  );
}
