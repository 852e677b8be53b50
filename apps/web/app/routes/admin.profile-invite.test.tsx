import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OWNER } from '../features/admin/admin-test-kit';
import AdminProfile from './admin.profile';

describe("the owner's invite form (issue 40)", () => {
  it('chooses Staff as the role until the owner picks another', () => {
    const element = (
      <AdminProfile
        {...({ loaderData: { admin: OWNER, invites: [], accounts: [] }, actionData: undefined } as unknown as React.ComponentProps<
          typeof AdminProfile
        >)}
      />
    );
    const router = createMemoryRouter([{ path: '/admin/profile', element }], { initialEntries: ['/admin/profile'] });
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toMatch(/<select[^>]*name="role"[^>]*>/);
    expect(html).toContain('<option value="staff" selected="">Staff</option>');
    expect(html).not.toContain('<option value="owner" selected="">');
  });
});
