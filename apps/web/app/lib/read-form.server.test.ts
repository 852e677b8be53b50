import { describe, expect, it } from 'vitest';
import { action as cartAction } from '../routes/cart-actions';
import { action as contactAction } from '../routes/contact';
import { action as forgotPasswordAction } from '../routes/forgot-password';
import { action as loginAction } from '../routes/login';
import { action as signupAction } from '../routes/signup';
import { action as wishlistAction } from '../routes/wishlist-actions';
import { post, settled } from './action-test-kit';
import { FIELDS_FORM, PHOTOS_FORM, readForm } from './read-form.server';

const MB = 1024 * 1024;

/**
 * A form post of `bytes` whose body counts what was read of it: its length declared (as a browser does) unless
 * `declared` is false. Nothing is read until someone asks (a stream with no buffer of its own).
 */
function bigPost(path: string, bytes: number, options: { declared?: boolean; type?: string } = {}) {
  let read = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = new Uint8Array(Math.min(64 * 1024, bytes - read)).fill(0x61);
        read += chunk.byteLength;
        controller.enqueue(chunk);
        if (read >= bytes) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { 'content-type': options.type ?? 'application/x-www-form-urlencoded' };
  if (options.declared !== false) headers['content-length'] = String(bytes);
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body, duplex: 'half' };
  const args = post(path, {});
  return { args: { ...args, request: new Request(`http://localhost${path}`, init) }, read: () => read };
}

describe('page forms are read within a size', () => {
  // Regression: twelve actions read request.formData() with no cap, and Fastify's body limit does not apply to the
  // pages: without nginx in front a 1 GB post was read whole into memory.
  it('regression: a 20 MB post to a public action is refused 413 in words before a byte of it is read', async () => {
    const actions: Array<[string, (args: never) => unknown, Record<string, string>]> = [
      ['/contact', contactAction, {}],
      ['/login', loginAction, {}],
      ['/signup', signupAction, {}],
      ['/forgotPassword', forgotPasswordAction, {}],
      ['/cart/add', cartAction, { intent: 'add' }],
      ['/wishlist/add', wishlistAction, { intent: 'add' }],
    ];
    for (const [path, action, params] of actions) {
      const { args, read } = bigPost(path, 20 * MB);
      const answer = await settled(() => action({ ...args, params } as never));
      expect(answer, path).toEqual({ status: 413, body: { error: 'The form is too large: at most 1 MB.' } });
      expect(read(), path).toBe(0);
    }
  });

  it('takes a form within its size, and refuses one sent without its length', async () => {
    const { args } = bigPost('/contact', 1000);
    expect((await readForm(args.request)).get('a'.repeat(1000))).toBe('');
    await expect(readForm(bigPost('/contact', 10, { declared: false }).args.request)).rejects.toMatchObject({
      status: 400,
      message: 'The form was sent without its length.',
    });
  });

  it('gives a multipart upload of photos the API’s upload limits, and says so when it is over them', async () => {
    expect(PHOTOS_FORM.bytes).toBeGreaterThan(100 * MB);
    expect(FIELDS_FORM.bytes).toBe(MB);
    const over = bigPost('/admin/products', PHOTOS_FORM.bytes + 1, { type: 'multipart/form-data; boundary=x' });
    await expect(readForm(over.args.request, PHOTOS_FORM)).rejects.toMatchObject({
      status: 413,
      message: 'The upload is too large: at most 10 files of 10 MB each.',
    });
    expect(over.read()).toBe(0);
  });

  it('refuses a body that is not a form (400), not as a server error', async () => {
    const { args } = bigPost('/contact', 10, { type: 'application/json' });
    await expect(readForm(args.request)).rejects.toMatchObject({ status: 400, message: 'The form could not be read.' });
  });
});
