import type { PageServices, PublicUser } from '@shop/core';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { requireUser } from './require-user.server';

const asha: PublicUser = {
  _id: 'u1',
  userEmail: 'asha@example.in',
  userFirstName: 'Asha',
  userLastName: 'Menon',
  userPhone: null,
  userDOB: null,
  userGender: null,
};

/** A page context whose accounts service knows one session token. */
function contextWith(authenticate: PageServices['accounts']['authenticate']): AppLoadContext {
  const services = { accounts: { authenticate } } as Partial<PageServices> as PageServices;
  return {
    services,
    cspNonce: '',
    publicUrl: 'http://localhost',
    clientIp: '127.0.0.1',
    callApi: () => Promise.reject(new Error('no API in this test')),
  };
}

const pageRequest = (cookie?: string) => new Request('http://localhost/user/orders', { headers: cookie ? { cookie } : {} });

describe('requireUser', () => {
  it('answers the signed-in shopper of the session cookie', async () => {
    const authenticate = vi.fn(async (token: string | undefined) => (token === 'good' ? { user: asha } : null));
    await expect(requireUser(pageRequest('theme=dark; sid=good'), contextWith(authenticate))).resolves.toEqual(asha);
    expect(authenticate).toHaveBeenCalledWith('good');
  });

  it('sends anyone else to the home page (spec §2.5)', async () => {
    const thrown: unknown = await requireUser(
      pageRequest(),
      contextWith(async () => null),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/');
  });
});
