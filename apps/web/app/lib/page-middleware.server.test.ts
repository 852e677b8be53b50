import type { PageContext, PageIdentity, PublicAdmin, PublicUser } from '@shop/core';
import type { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { adminContext, createLoadContext, shopperContext } from '../context';
import { flashHeader } from './flash.server';
import { flashContext, requireAdmin, requireShopper, rootMiddleware } from './page-middleware.server';

const asha = { _id: 'u1', userEmail: 'asha@example.in', userFirstName: 'Asha' } as PublicUser;
const meera = { _id: 'a1', adminName: 'Meera', role: 'owner' } as PublicAdmin;

function contextWith(identity: Partial<PageIdentity>) {
  const shopper = vi.fn(identity.shopper ?? (async () => null));
  const admin = vi.fn(identity.admin ?? (async () => null));
  const context = createLoadContext({ identity: { shopper, admin } } as unknown as PageContext);
  return { context, shopper, admin };
}

const args = (context: RouterContextProvider, path: string, cookie?: string) => {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  return { request, url: new URL(request.url), pattern: path, context, params: {} };
};

/** What a thrown redirect carries. */
const redirectOf = (value: unknown) =>
  value instanceof Response ? { status: value.status, location: value.headers.get('location') } : value;

describe('the root middleware', () => {
  it('looks the shopper up once for the whole request, not on back-office pages', async () => {
    const shop = contextWith({ shopper: async () => asha });
    await rootMiddleware(args(shop.context, '/user/orders'), async () => new Response('ok'));
    expect(shop.context.get(shopperContext)).toEqual(asha);
    expect(shop.shopper).toHaveBeenCalledTimes(1);

    const office = contextWith({ shopper: async () => asha });
    await rootMiddleware(args(office.context, '/admin/products'), async () => new Response('ok'));
    expect(office.context.get(shopperContext)).toBeNull();
    expect(office.shopper).not.toHaveBeenCalled();
  });

  it("hands a form's message to the page and clears it, unless the answer leaves a new one", async () => {
    const cookie = flashHeader({ kind: 'success', message: 'Added to your cart.' }).split(';')[0];
    const { context } = contextWith({});
    const shown = await rootMiddleware(args(context, '/product/p1', cookie), async () => new Response('page'));
    expect(context.get(flashContext)).toEqual({ kind: 'success', message: 'Added to your cart.' });
    expect((shown as Response).headers.getSetCookie()).toEqual([expect.stringMatching(/^flash=; .*Max-Age=0/)]);

    const next = contextWith({});
    const redirected = await rootMiddleware(args(next.context, '/user/cart', cookie), async () => {
      const response = new Response(null, { status: 302 });
      response.headers.append('set-cookie', flashHeader({ kind: 'success', message: 'Address saved.' }));
      return response;
    });
    expect((redirected as Response).headers.getSetCookie()).toHaveLength(1);
    expect((redirected as Response).headers.getSetCookie()[0]).toContain('Address%20saved.');
  });

  it('ignores a message cookie that is not one of ours', async () => {
    const { context } = contextWith({});
    await rootMiddleware(args(context, '/', 'flash=%7B%22kind%22%3A%22evil%22%2C%22message%22%3A%22x%22%7D'), async () => new Response(''));
    expect(context.get(flashContext)).toBeNull();
  });
});

describe('the protected layouts decide once', () => {
  it("sends a signed-out visitor of the shopper's pages to '/' (spec §2.5)", async () => {
    const { context } = contextWith({});
    context.set(shopperContext, null);
    const thrown = await (async () => requireShopper(args(context, '/user/cart'), async () => new Response('')))().catch(
      (error: unknown) => error,
    );
    expect(redirectOf(thrown)).toEqual({ status: 302, location: '/' });
    context.set(shopperContext, asha);
    await expect((async () => requireShopper(args(context, '/user/cart'), async () => new Response('')))()).resolves.toBeUndefined();
  });

  it('sends a visitor without an admin session to /admin/login, coming back afterwards, and hands the admin down', async () => {
    const none = contextWith({});
    const thrown = await (async () => requireAdmin(args(none.context, '/admin/users?q=asha'), async () => new Response('')))().catch(
      (error: unknown) => error,
    );
    expect(redirectOf(thrown)).toEqual({ status: 302, location: '/admin/login?redirectUrl=%2Fadmin%2Fusers%3Fq%3Dasha' });

    const signedIn = contextWith({ admin: async () => meera });
    await requireAdmin(args(signedIn.context, '/admin'), async () => new Response(''));
    expect(signedIn.context.get(adminContext)).toEqual(meera);
  });
});
