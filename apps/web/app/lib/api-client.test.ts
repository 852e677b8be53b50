import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, messageFromHtml } from './api-client';

const respond = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with credentials and answers data', async () => {
    const fetch = respond(JSON.stringify({ success: true, data: { user: { _id: 'u1' } } }));
    vi.stubGlobal('fetch', fetch);
    await expect(api.post('/api/user/auth/loginUsingPassword', { email: 'a@b.in', password: 'x' })).resolves.toEqual({
      user: { _id: 'u1' },
    });
    expect(fetch).toHaveBeenCalledWith('/api/user/auth/loginUsingPassword', {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{"email":"a@b.in","password":"x"}',
    });
  });

  it('sends `{}` as JSON for a state-changing call without a body, and nothing with a GET', async () => {
    const fetch = respond(JSON.stringify({ success: true, data: {} }));
    vi.stubGlobal('fetch', fetch);
    await api.post('/api/user/auth/logout');
    await api.put('/api/user/profile/markAllNotificationsRead');
    await api.delete('/api/user/profile/deleteAddress/a1');
    await api.get('/api/user/auth/me');
    const json = { credentials: 'include', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{}' };
    expect(fetch.mock.calls).toEqual([
      ['/api/user/auth/logout', { method: 'POST', ...json }],
      ['/api/user/profile/markAllNotificationsRead', { method: 'PUT', ...json }],
      ['/api/user/profile/deleteAddress/a1', { method: 'DELETE', ...json }],
      ['/api/user/auth/me', { method: 'GET', credentials: 'include', headers: { accept: 'application/json' } }],
    ]);
  });

  it("throws the server's error with its fields, or the caller's fallback", async () => {
    vi.stubGlobal('fetch', respond(JSON.stringify({ success: false, error: 'Invalid OTP.', fields: { otp: 'Invalid OTP.' } }), 400));
    await expect(api.post('/x', {})).rejects.toEqual(new ApiError('Invalid OTP.', 400, { otp: 'Invalid OTP.' }));
    vi.stubGlobal('fetch', respond(JSON.stringify({ success: false }), 400));
    await expect(api.post('/x', {}, 'Login failed.')).rejects.toThrow('Login failed.');
  });

  it('reads an HTML error from its <pre> block up to the first line break (spec §8)', async () => {
    vi.stubGlobal('fetch', respond('<html><body><pre>Error: Invalid credentials<br> &nbsp;at login.js:1</pre></body></html>', 500));
    await expect(api.get('/x')).rejects.toThrow('Error: Invalid credentials');
    expect(messageFromHtml('<pre>First line\nsecond line</pre>')).toBe('First line');
    expect(messageFromHtml('<h1>Bad gateway</h1>')).toBe('An unknown error occurred.');
  });

  it('answers a network failure with the unknown-error message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x')).rejects.toThrow('An unknown error occurred.');
  });
});
