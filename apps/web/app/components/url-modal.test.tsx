import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UrlModal, UrlModalOpener, searchWith } from './url-modal';

/** The server's HTML of `element` on the page at `url`. */
function serverHtml(url: string, element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: '/admin/products', element }], { initialEntries: [url] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('dialogs in the address', () => {
  it('sets and takes away a parameter, keeping the others', () => {
    expect(searchWith('?q=silk&page=2', 'new', '1')).toBe('?q=silk&page=2&new=1');
    expect(searchWith('?q=silk&new=1', 'new', null)).toBe('?q=silk');
    expect(searchWith('?new=1', 'new', null)).toBe('');
  });

  it('opens by a link without scripts', () => {
    const html = serverHtml('/admin/products?q=silk', <UrlModalOpener name="new">New product</UrlModalOpener>);
    expect(html).toBe('<a href="/admin/products?q=silk&amp;new=1" data-discover="true">New product</a>');
  });

  it('shows in the page while the address has its parameter, with a link that closes it', () => {
    const dialog = (
      <UrlModal name="new" title="New product">
        <form />
      </UrlModal>
    );
    expect(serverHtml('/admin/products?q=silk', dialog)).toBe('');
    const html = serverHtml('/admin/products?q=silk&new=1', dialog);
    expect(html).toMatch(/^<section aria-label="New product"/);
    expect(html).toMatch(/<a [^>]*href="\/admin\/products\?q=silk"[^>]*>Close<\/a>/);
    expect(html).toContain('<form></form>');
  });
});
