import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CsvTools } from './csv-tools';

const html = (canExport: boolean) => {
  const router = createMemoryRouter([{ path: '/admin/products', element: <CsvTools canExport={canExport} /> }], {
    initialEntries: ['/admin/products'],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe('the catalogue CSV tools (issue 40)', () => {
  it("link the export for the owner only: exports are the owner's; the import stays for staff", () => {
    expect(html(true)).toContain('href="/api/admin/product/exportProducts"');
    expect(html(false)).not.toContain('exportProducts');
    expect(html(false)).toContain('name="intent" value="import"');
  });
});
