import type { PublicUser, UserNotification } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../lib/action-test-kit';
import { action } from './user.notifications';

const asha = { _id: 'u1' } as PublicUser;
const ID = '7c1f8f2e-3b0a-4a4b-9d36-2b1d5c0e9a10';

function page(fields: Record<string, string>, enhanced = false) {
  const notifications = { markRead: vi.fn(async () => ({}) as UserNotification), markAllRead: vi.fn(async () => {}) };
  const args = post('/user/notifications', fields, { services: { notifications }, shopper: asha, enhanced });
  return { run: async () => answerOf(await action(args)), notifications };
}

describe('the notifications page action', () => {
  it('marks one read: back to the page after a plain post, ok to an enhanced one', async () => {
    const plain = page({ intent: 'read', notificationId: ID });
    expect(await plain.run()).toEqual({ status: 302, location: '/user/notifications' });
    expect(plain.notifications.markRead).toHaveBeenCalledWith('u1', ID);
    expect(await page({ intent: 'read', notificationId: ID }, true).run()).toEqual({ status: 200, body: { ok: true } });
  });

  it('marks all read', async () => {
    const { run, notifications } = page({ intent: 'read-all' });
    expect(await run()).toMatchObject({ status: 302 });
    expect(notifications.markAllRead).toHaveBeenCalledWith('u1');
  });

  it('an id that is no notification is not found, without asking the service', async () => {
    const { run, notifications } = page({ intent: 'read', notificationId: "1' or 1=1" }, true);
    expect(await run()).toEqual({ status: 404, body: { ok: false, error: 'Notification not found.', fields: {} } });
    expect(notifications.markRead).not.toHaveBeenCalled();
  });
});
