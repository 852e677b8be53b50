import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfirmButton } from './confirm-dialog';

/** The server's HTML of a page at `/admin/categories?page=2` holding only the button. */
function serverHtml(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: '/admin/categories', element }], { initialEntries: ['/admin/categories?page=2'] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('ConfirmButton without scripts', () => {
  it('is a native disclosure holding the question and a real post form with its fields', () => {
    const html = serverHtml(
      <ConfirmButton
        label="Delete"
        title="Delete Kurtas?"
        message="It holds no products."
        confirmLabel="Delete category"
        fields={{ intent: 'delete', categoryId: 'c1' }}
      />,
    );
    expect(html).toMatch(/^<details[^>]*><summary[^>]*>Delete<\/summary>/);
    expect(html).toContain('Delete Kurtas?');
    expect(html).toMatch(/<form [^>]*method="post"[^>]*>/);
    expect(html).toContain('<input type="hidden" name="intent" value="delete"/>');
    expect(html).toContain('<input type="hidden" name="categoryId" value="c1"/>');
    expect(html).toContain('<button type="submit" class="btn btn-primary">Delete category</button>');
    // Cancel reloads the page as it was, which closes the disclosure.
    expect(html).toContain('<a href="/admin/categories?page=2" class="btn btn-outline">Cancel</a>');
    // No `_enhanced` field: a plain post gets the redirect with a message.
    expect(html).not.toContain('_enhanced');
  });

  it('posts to another action when given one, with the extra fields inside the form', () => {
    const html = serverHtml(
      <ConfirmButton label="Cancel order" title="Cancel?" message="" confirmLabel="Yes" fields={{}} action="/admin/order/1">
        <textarea name="reason" />
      </ConfirmButton>,
    );
    expect(html).toMatch(/<form [^>]*action="\/admin\/order\/1"[^>]*><textarea name="reason"><\/textarea>/);
  });
});
