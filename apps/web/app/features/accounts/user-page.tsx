import type { ReactNode } from 'react';

/** The heading and frame of a page in the /user area. */
export function UserPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="user-page-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="user-page-title" className="text-2xl font-semibold sm:text-3xl">
          {title}
        </h1>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Loading, error and empty states shared by the /user pages. */
export function PageState({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean;
  error?: string | undefined;
  empty?: ReactNode;
  children?: ReactNode;
}) {
  if (loading) return <p className="text-muted">Loading...</p>;
  if (error)
    return (
      <p role="alert" className="text-wine-700">
        Error: {error}
      </p>
    );
  if (empty) return <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">{empty}</div>;
  return <>{children}</>;
}
