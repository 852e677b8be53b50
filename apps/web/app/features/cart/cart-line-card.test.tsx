import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, useFetcher } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CartLineCard, lineName, type CartLineView } from './cart-line-card';

const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
const line = (variantId: string, color: string, size: string): CartLineView => ({
  key: `${PRODUCT}:${variantId}`,
  productId: PRODUCT,
  variantId,
  name: 'Chikankari Cotton Kurti',
  description: 'Lucknowi chikankari',
  imageUrl: null,
  variantName: `${color} / ${size}`,
  color,
  size,
  quantity: 1,
  available: 5,
  unitPrice: 103_900,
  unitMrp: 129_900,
  lineTotal: 103_900,
});
const LINES = [
  line('5f0c2b1a-3e4d-4c5b-8a6f-7e8d9c0b1a2f', 'White', 'M'),
  line('6a1d3c2b-4f5e-4d6c-9b7a-8f9e0d1c2b3a', 'White', 'L'),
  line('7b2e4d3c-5a6f-4e7d-8c8b-9a0f1e2d3c4b', 'Pink', 'M'),
];

/** The server's HTML of the bag's lines (signed out: the drawer's, with `onSignInToMove`). */
function serverHtml(signedOut: boolean): string {
  function Lines() {
    const remover = useFetcher();
    return (
      <ul>
        {LINES.map((item) => (
          <CartLineCard
            key={item.key}
            line={item}
            remover={remover}
            compact={signedOut}
            onSignInToMove={signedOut ? () => {} : undefined}
          />
        ))}
      </ul>
    );
  }
  const router = createMemoryRouter([{ path: '/filter', element: <Lines /> }], { initialEntries: ['/filter?q=kurti'] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The accessible names of the buttons and links: their aria-label, else their text. */
function controlNames(html: string): string[] {
  return [...html.matchAll(/<(button|a)\b([^>]*)>([\s\S]*?)<\/\1>/g)].map(([, , attributes, content]) => {
    const label = /aria-label="([^"]*)"/.exec(attributes!)?.[1];
    return (label ?? content!.replace(/<[^>]*>/g, '')).replace(/&#x27;/g, "'").trim();
  });
}

describe('the bag’s lines (issue 38)', () => {
  it('name colour and size in their buttons, so two lines of one product have buttons of their own names', () => {
    for (const signedOut of [false, true]) {
      const names = controlNames(serverHtml(signedOut)).filter((name) => name !== 'Chikankari Cotton Kurti' && name !== '');
      expect(names).toContain('Remove Chikankari Cotton Kurti (White, M)');
      expect(names).toContain('Increase quantity of Chikankari Cotton Kurti (Pink, M)');
      expect(names).toContain(
        signedOut
          ? 'Move to wishlist: Chikankari Cotton Kurti (White, L) (log in first)'
          : 'Move to wishlist: Chikankari Cotton Kurti (White, L)',
      );
      expect(new Set(names).size).toBe(names.length);
    }
    expect(lineName({ name: 'Glass Bangles Set', color: null, size: null })).toBe('Glass Bangles Set');
  });

  it('signed out, Move to wishlist is a link to log in that carries the line (it moves once she is in)', () => {
    const html = serverHtml(true);
    const links = [...html.matchAll(/<a [^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('aria-label="Move to wishlist: '))
      .map((tag) => new URL(/href="([^"]*)"/.exec(tag)![1]!.replace(/&amp;/g, '&'), 'http://localhost'));
    expect(links).toHaveLength(3);
    expect(links.map((url) => Object.fromEntries(url.searchParams))).toEqual(
      LINES.map((item) => ({ redirectUrl: '/filter?q=kurti', saveToWishlist: PRODUCT, fromBag: item.variantId })),
    );
    expect(links.every((url) => url.pathname === '/login')).toBe(true);
  });
});
