import { AppError, type AdminContactMessage } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, post, settled, STAFF, STAFF_ACTOR, type PostOptions } from '../features/admin/admin-test-kit';
import { loader as layoutLoader } from './admin';
import { action, loader, MARKED_HANDLED, replySent } from './admin.message';
import { loader as listLoader } from './admin.messages';

const MESSAGE_ID = '3c9e2d1a-7b6f-4e5d-8c4b-2a1f0e9d8c7b';
const MESSAGE: AdminContactMessage = {
  _id: MESSAGE_ID,
  name: 'Divya Iyer',
  email: 'divya@example.in',
  phone: null,
  message: 'Can I exchange the blue kurti for a size M?',
  createdAt: '2026-03-10T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
  replies: [],
};

function contactStub() {
  return {
    list: vi.fn(async () => ({ messages: [MESSAGE], total: 1, page: 1, limit: 50, unhandled: 1 })),
    get: vi.fn(async () => MESSAGE),
    unhandledCount: vi.fn(async () => 3),
    markHandled: vi.fn(async () => ({ ...MESSAGE, handledAt: '2026-03-10T11:00:00.000Z' })),
    reply: vi.fn(async () => ({ ...MESSAGE, handledAt: '2026-03-10T11:00:00.000Z' })),
  };
}

async function postTo(fields: Record<string, string>, options: PostOptions = {}) {
  const contact = contactStub();
  const args = post(`/admin/messages/${MESSAGE_ID}`, fields, {
    services: { contact },
    admin: STAFF,
    params: { messageId: MESSAGE_ID },
    ...options,
  });
  return { answer: answerOf(await action(args as never)), contact };
}

describe("the back-office's contact messages (issue 38)", () => {
  it('lists the filter the URL asks for, for any admin; an unknown filter is all of them', async () => {
    const contact = contactStub();
    const waiting = await settled(() =>
      listLoader(get('/admin/messages?status=unhandled&page=2', { services: { contact }, admin: STAFF })),
    );
    expect(contact.list).toHaveBeenLastCalledWith({ status: 'unhandled', page: 2 });
    expect(waiting.body).toMatchObject({ status: 'unhandled', unhandled: 1, messages: [MESSAGE] });
    const any = await settled(() => listLoader(get('/admin/messages?status=odd', { services: { contact }, admin: OWNER })));
    expect(contact.list).toHaveBeenLastCalledWith({});
    expect(any.body).toMatchObject({ status: 'all' });
  });

  it('opens one message; an unknown one is the not-found page', async () => {
    const contact = contactStub();
    const opened = await settled(() =>
      loader(get(`/admin/messages/${MESSAGE_ID}`, { services: { contact }, admin: STAFF, params: { messageId: MESSAGE_ID } }) as never),
    );
    expect(contact.get).toHaveBeenCalledWith(MESSAGE_ID);
    expect(opened.body).toEqual({ message: MESSAGE });
    contact.get.mockRejectedValueOnce(new AppError('NOT_FOUND', 'Message not found.'));
    const missing = await settled(() =>
      loader(get('/admin/messages/nope', { services: { contact }, admin: STAFF, params: { messageId: 'nope' } }) as never),
    );
    expect(missing).toEqual({ status: 404, body: { error: 'Message not found.' } });
  });

  it('sends a reply under the admin’s name (staff too) and comes back to the message with the news', async () => {
    const { answer, contact } = await postTo({ intent: 'reply', message: '  Yes: bring it to the boutique.  ' });
    expect(contact.reply).toHaveBeenCalledWith(STAFF_ACTOR, MESSAGE_ID, 'Yes: bring it to the boutique.');
    expect(answer).toMatchObject({
      status: 302,
      location: `/admin/messages/${MESSAGE_ID}`,
      flash: { kind: 'success', message: replySent('divya@example.in') },
    });
  });

  it('refuses an empty reply beside its field with the text typed, and sends nothing', async () => {
    const { answer, contact } = await postTo({ intent: 'reply', message: '   ' });
    expect(answer).toEqual({
      status: 400,
      body: { values: { message: '   ' }, ok: false, error: null, fields: { message: 'Please write your reply.' } },
    });
    expect(contact.reply).not.toHaveBeenCalled();
  });

  it('tells a message that is gone above the reply form', async () => {
    const contact = contactStub();
    contact.reply.mockRejectedValueOnce(new AppError('NOT_FOUND', 'Message not found.'));
    const args = post(
      '/admin/messages/nope',
      { intent: 'reply', message: 'Hello there' },
      { services: { contact }, admin: OWNER, params: { messageId: 'nope' } },
    );
    expect(answerOf(await action(args as never))).toEqual({
      status: 404,
      body: { values: { message: 'Hello there' }, ok: false, error: 'Message not found.', fields: {} },
    });
  });

  it('marks a message handled and goes back where the button was: the list as it was, or the message', async () => {
    const fromList = await postTo({ intent: 'markHandled', _back: '/admin/messages?status=unhandled' });
    expect(fromList.contact.markHandled).toHaveBeenCalledWith(STAFF_ACTOR, MESSAGE_ID);
    expect(fromList.answer).toMatchObject({
      status: 302,
      location: '/admin/messages?status=unhandled',
      flash: { kind: 'success', message: MARKED_HANDLED },
    });
    const onItsPage = await postTo({ intent: 'markHandled' });
    expect(onItsPage.answer).toMatchObject({ status: 302, location: `/admin/messages/${MESSAGE_ID}` });
    const unknown = await postTo({ intent: 'archive' });
    expect(unknown.answer).toMatchObject({ status: 302, flash: { kind: 'error', message: 'Unknown action.' } });
    expect(unknown.contact.markHandled).not.toHaveBeenCalled();
  });

  it('counts the messages waiting for the sidebar on every back-office page', async () => {
    const contact = contactStub();
    const layout = await settled(() => layoutLoader(get('/admin/orders', { services: { contact }, admin: STAFF })));
    expect(layout.body).toEqual({ admin: STAFF, unhandledMessages: 3 });
  });
});
