import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineStylesheet, PageStyles } from './inline-stylesheet';
import { stylePartOf } from '../stylesheets';

const hrefs = { shop: '/assets/shop-1.css', admin: '/assets/admin-2.css' };

describe('one stylesheet per part of the shop', () => {
  it('sends the back-office and the counter the back-office rules, every other page the storefront rules', () => {
    expect(['/admin', '/admin/dashboard', '/adminCheckout'].map(stylePartOf)).toEqual(['admin', 'admin', 'admin']);
    expect(['/', '/filter', '/product/x', '/invoice/order/x', '/administration'].map(stylePartOf)).toEqual([
      'shop',
      'shop',
      'shop',
      'shop',
      'shop',
    ]);
  });

  it('carries the served part inline, and links the other part only when the page is in it', () => {
    const render = (part: 'shop' | 'admin') =>
      renderToStaticMarkup(
        <InlineStylesheet.Provider value={{ part: 'shop', text: '.a{color:red}' }}>
          <PageStyles part={part} hrefs={hrefs} />
        </InlineStylesheet.Provider>,
      );
    expect(render('shop')).toBe('<style data-styles="shop">.a{color:red}</style>');
    expect(render('admin')).toContain('<link rel="stylesheet" href="/assets/admin-2.css"');
    expect(render('admin')).toContain('<style data-styles="shop">');
  });
});
