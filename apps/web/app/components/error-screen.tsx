import { Link } from 'react-router';

/** Shown when a page fails for a reason other than 'not found'; the details stay in the server log. */
export function ErrorScreen() {
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-semibold">
        Something went wrong
      </h1>
      <p className="mt-4 text-muted">We could not load this page. Please try again in a moment.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Back to Home
      </Link>
    </section>
  );
}
