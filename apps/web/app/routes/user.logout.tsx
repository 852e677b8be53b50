import { privatePageMeta } from '../lib/meta';
import { useEffect } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { paths } from '../config/paths';
import { logOut } from '../features/accounts/api/log-out';
import type { Route } from './+types/user.logout';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Logout', matches);

/** Spec §2.5: logout ends the session and goes to /login; a failed call is only logged (spec §8). */
export default function LogoutPage() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    logOut()
      .catch((error: unknown) => console.error('logout failed', error))
      .then(async () => {
        await navigate(paths.login, { replace: true });
        await revalidate();
      })
      .catch(() => {});
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <p className="text-muted">Logging out...</p>;
}
