import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { get } from '../lib/action-test-kit';
import AdminSignupPage, { loader } from './admin.signup';

const LINK = '/admin/signup?token=tok-123';

/** The server's HTML of the sign-up page as the invite link opens it (no scripts have run). */
function serverHtml(invitedEmail: string | null, path = LINK): string {
  const element = (
    <AdminSignupPage
      {...({ loaderData: { invitedEmail }, actionData: undefined } as unknown as React.ComponentProps<typeof AdminSignupPage>)}
    />
  );
  const router = createMemoryRouter([{ path: '/admin/signup', element }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('the admin sign-up page from an invite link (issue 40)', () => {
  it("looks up the address the link's token was sent to", async () => {
    const admins = { invitedEmail: vi.fn(async () => 'ravi@example.in') };
    expect(await loader(get(LINK, { services: { admins } }) as never)).toEqual({ invitedEmail: 'ravi@example.in' });
    expect(admins.invitedEmail).toHaveBeenCalledWith('tok-123');
    expect(await loader(get('/admin/signup', { services: { admins } }) as never)).toEqual({ invitedEmail: null });
    expect(admins.invitedEmail).toHaveBeenCalledTimes(1);
  });

  it('fills in the invited address, read-only; a link that no longer works says so', () => {
    const html = serverHtml('ravi@example.in');
    expect(html).toMatch(/<input id="adminEmail"[^>]*readOnly=""[^>]*name="adminEmail" value="ravi@example.in"\/>/);
    expect(html).toContain('The address the invite was sent to.');
    expect(html).toContain('name="inviteToken" value="tok-123"');

    const stale = serverHtml(null);
    expect(stale).toContain('This invite link is not valid or has expired. Ask the owner for a new one.');
    expect(stale).not.toContain('readOnly');
  });
});
