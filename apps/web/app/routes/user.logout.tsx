import { redirect, Form } from 'react-router';
import { paths } from '../config/paths';
import { pageOf } from '../context';
import { UserPage } from '../features/accounts/user-page';
import { sessionTokenOf } from '../lib/session-tokens.server';
import { privatePageMeta } from '../lib/meta';
import type { Route } from './+types/user.logout';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Logout', matches);

/**
 * Spec §2.5: logout ends the session, clears the cookie and goes to /login. A failure to end the session is only
 * logged (spec §8): the cookie goes all the same.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = pageOf(context);
  try {
    await services.accounts.logout(sessionTokenOf(request));
  } catch (error) {
    console.error('logout failed', error);
  }
  identity.setShopperSession(null);
  return redirect(paths.login);
}

/**
 * The account menu's 'Logout' posts here. Opening the address (a bookmark, a link from elsewhere) logs nobody out:
 * it asks, with the same button.
 */
export default function LogoutPage() {
  return (
    <UserPage title="Logout">
      <Form method="post" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <p>Log out of your account on this device?</p>
        <button type="submit" className="btn btn-primary mt-4 w-full sm:w-auto">
          Logout
        </button>
      </Form>
    </UserPage>
  );
}
