import type { PageServices, PublicUser } from '@shop/core';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { currentUser, sessionToken } from './session.server';

const asha: PublicUser = {
  _id: 'u1',
  userEmail: 'asha@example.in',
  userFirstName: 'Asha',
  userLastName: 'Menon',
  userPhone: null,
  userDOB: null,
  userGender: null,
};

const pageRequest = (cookie?: string) => new Request('http://localhost/', { headers: cookie === undefined ? {} : { cookie } });

/** A page context whose accounts service knows one session token, as the server's does. */
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

describe('sessionToken', () => {
  it('reads the session cookie as the API does (the `cookie` package that @fastify/cookie uses)', () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['', undefined],
      ['sid=abc', 'abc'],
      ['theme=dark; sid=abc; lang=hi', 'abc'],
      ['  sid = abc ; x=1', 'abc'],
      ['sid=a%20b', 'a b'],
      ['sid=x; sid=y', 'x'],
      ['asid=admin-token', undefined],
      ['sid', undefined],
    ];
    for (const [header, token] of cases) expect(sessionToken(pageRequest(header)), String(header)).toBe(token);
  });

  // Regression: `Cookie: sid=%E0%A4` made decodeURIComponent throw, and every page answered 500.
  it('takes a malformed percent-encoding as it was sent instead of throwing', () => {
    expect(sessionToken(pageRequest('sid=%E0%A4'))).toBe('%E0%A4');
    expect(sessionToken(pageRequest('sid=%'))).toBe('%');
    expect(sessionToken(pageRequest('other=%E0%A4; sid=abc'))).toBe('abc');
  });
});

describe('currentUser', () => {
  it('is the signed-in shopper of the session cookie', async () => {
    const authenticate = vi.fn(async (token: string | undefined) => (token === 'good' ? { user: asha } : null));
    await expect(currentUser(pageRequest('sid=good'), contextWith(authenticate))).resolves.toEqual(asha);
  });

  it('is nobody (the signed-out page) for a malformed session cookie', async () => {
    const authenticate = vi.fn(async (token: string | undefined) => (token === 'good' ? { user: asha } : null));
    await expect(currentUser(pageRequest('sid=%E0%A4'), contextWith(authenticate))).resolves.toBeNull();
    expect(authenticate).toHaveBeenCalledWith('%E0%A4');
  });
});
