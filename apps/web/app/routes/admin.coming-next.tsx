import { useMatches } from 'react-router';
import { requireAdmin } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import { comingNextTitle } from '../features/admin/admin-paths';
import { ComingNext } from '../features/admin/coming-next';
import { useAdmin } from '../features/admin/use-admin';
import type { Route } from './+types/admin.coming-next';

/**
 * The 'coming next' page of back-office paths that other work builds; routes.ts names the page in the route id
 * (see comingNextId). Replacing it is one line in routes.ts. /adminCheckout is outside the admin layout,
 * so this loader asks for the admin session itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${comingNextTitle(matches.at(-1)?.id)} · Admin Panel` },
  { name: 'robots', content: 'noindex' },
];

export default function ComingNextPage() {
  const title = comingNextTitle(useMatches().at(-1)?.id);
  const insideFrame = useAdmin() !== undefined;
  return insideFrame ? (
    <ComingNext title={title} />
  ) : (
    <div className="min-h-dvh bg-ivory px-4 py-16">
      <div className="mx-auto max-w-2xl">
        <ComingNext title={title} />
      </div>
    </div>
  );
}

export { AdminPageError as ErrorBoundary };
