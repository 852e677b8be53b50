import { AppError, type AdminAnnouncement } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, OWNER, OWNER_ACTOR, post, type PostOptions } from '../features/admin/admin-test-kit';
import { action, ANNOUNCEMENT_DELETED, ANNOUNCEMENT_PUBLISHED } from './admin.announcements';

const ANNOUNCEMENT_ID = '5d2c1b0a-9e8f-4a7b-8c6d-1e2f3a4b5c6d';

function announcementsStub() {
  return {
    create: vi.fn(async () => ({}) as AdminAnnouncement),
    update: vi.fn(async () => ({}) as AdminAnnouncement),
    remove: vi.fn(async (_actor: unknown, id: string) => {
      if (id !== ANNOUNCEMENT_ID) throw new AppError('NOT_FOUND', 'Announcement not found.');
    }),
  };
}

async function send(fields: Record<string, string>, options: PostOptions = {}) {
  const announcements = announcementsStub();
  const answer = answerOf(await action(post('/admin/announcements', fields, { services: { announcements }, admin: OWNER, ...options })));
  return { answer, announcements };
}

describe("the back-office's announcements (issue 28)", () => {
  it('publishes under the admin who did it (audited by the service)', async () => {
    const { answer, announcements } = await send({ intent: 'save', kind: 'news', title: 'Diwali hours', body: 'Open till 10 pm.' });
    expect(announcements.create).toHaveBeenCalledWith(OWNER_ACTOR, expect.objectContaining({ kind: 'news', title: 'Diwali hours' }));
    expect(answer).toMatchObject({ status: 302, flash: { kind: 'success', message: ANNOUNCEMENT_PUBLISHED } });
  });

  it('deletes one after the confirmation, with or without scripts; an unknown one is told, not a fault', async () => {
    const enhanced = await send({ intent: 'delete', announcementId: ANNOUNCEMENT_ID }, { enhanced: true });
    expect(enhanced.announcements.remove).toHaveBeenCalledWith(OWNER_ACTOR, ANNOUNCEMENT_ID);
    expect(enhanced.answer).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: ANNOUNCEMENT_DELETED } } });
    const plain = await send({ intent: 'delete', announcementId: ANNOUNCEMENT_ID });
    expect(plain.answer).toMatchObject({
      status: 302,
      location: '/admin/announcements',
      flash: { kind: 'success', message: ANNOUNCEMENT_DELETED },
    });
    const unknown = await send({ intent: 'delete', announcementId: 'gone' }, { enhanced: true });
    expect(unknown.answer).toEqual({ status: 404, body: { ok: false, error: 'Announcement not found.', fields: {} } });
  });
});
