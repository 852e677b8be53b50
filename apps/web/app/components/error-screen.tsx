import { Link } from 'react-router';

/**
 * Shown when a page fails for a reason other than 'not found'; the details stay in the server log. `message`: the
 * words of a refusal meant for the visitor (a form too large to read, say), shown instead of the general line.
 */
export function ErrorScreen({ message }: { message?: string | null }) {
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-semibold">
        Something went wrong
      </h1>
      <p className="mt-4 text-muted">{message ?? 'We could not load this page. Please try again in a moment.'}</p>
      <Link to="/" className="btn btn-primary mt-8">
        Back to Home
      </Link>
    </section>
  );
}
