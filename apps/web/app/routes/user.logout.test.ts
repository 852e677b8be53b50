import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../lib/action-test-kit';
import { action } from './user.logout';

describe('logout (spec §2.5)', () => {
  it("ends the cookie's session, clears the cookie and goes to /login", async () => {
    const logout = vi.fn(async () => {});
    const args = post('/user/logout', {}, { services: { accounts: { logout } }, cookie: 'sid=the-token; flash=x' });
    expect(answerOf(await action(args))).toMatchObject({ status: 302, location: '/login' });
    expect(logout).toHaveBeenCalledWith('the-token');
    expect(args.identity.setShopperSession).toHaveBeenCalledWith(null);
  });

  it('clears the cookie even when the session could not be ended (only logged, spec §8)', async () => {
    const logout = vi.fn(async () => {
      throw new Error('database gone');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const args = post('/user/logout', {}, { services: { accounts: { logout } }, cookie: 'sid=the-token' });
    expect(answerOf(await action(args))).toMatchObject({ status: 302, location: '/login' });
    expect(args.identity.setShopperSession).toHaveBeenCalledWith(null);
    expect(error).toHaveBeenCalledWith('logout failed', expect.any(Error));
    error.mockRestore();
  });
});
