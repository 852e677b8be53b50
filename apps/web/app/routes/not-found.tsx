import { data } from 'react-router';
import { NotFoundScreen } from '../components/not-found-screen';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/not-found';

// Any path no other route claims: the spec's not-found screen, with a real 404 status for crawlers.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({ title: 'Page Not Found', description: 'The page you are looking for does not exist.', path: location.pathname }, matches),
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return <NotFoundScreen />;
}
