import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '../settings/service.js';
import { startMailCatcher } from '../test/mail-catcher.js';
import { createSmtpMailer } from './mailer.js';
import { codeMail } from './templates.js';

describe('SMTP mailer', () => {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(() => catcher.stop());

  it('delivers the code mail with a plain-text and an HTML part', async () => {
    const mailer = createSmtpMailer({ smtpUrl: catcher.url, from: 'shop@saanjh.example' });
    const mail = codeMail({
      to: 'asha@example.in',
      code: '042917',
      purpose: 'login',
      minutesValid: 10,
      shop: DEMO_SETTINGS,
      publicUrl: 'https://saanjh.example',
    });
    await mailer.send(mail);
    const [message] = catcher.mails;
    expect(message).toMatchObject({ from: 'shop@saanjh.example', to: ['asha@example.in'] });
    expect(message!.raw).toContain('Subject: 042917 is your Saanjh Boutique login code');
    expect(message!.raw).toMatch(/Content-Type: text\/plain/);
    expect(message!.raw).toMatch(/Content-Type: text\/html/);
    expect(message!.raw.split('042917').length).toBeGreaterThanOrEqual(4); // subject, text and HTML
  });

  it('sends a mail’s Reply-To, and none when it has none', async () => {
    const mailer = createSmtpMailer({ smtpUrl: catcher.url, from: 'shop@saanjh.example' });
    const before = catcher.mails.length;
    await mailer.send({
      to: 'owner@saanjh.example',
      subject: 'Message from Kavya',
      html: '<p>h</p>',
      text: 't',
      replyTo: 'kavya@example.in',
    });
    await mailer.send({ to: 'owner@saanjh.example', subject: 'No reply-to', html: '<p>h</p>', text: 't', replyTo: null });
    const [withReplyTo, without] = catcher.mails.slice(before);
    expect(withReplyTo!.raw).toMatch(/^Reply-To: kavya@example\.in$/im);
    expect(without!.raw).not.toMatch(/^Reply-To:/im);
  });

  it('rejects when the server cannot be reached', async () => {
    const closed = await startMailCatcher();
    await closed.stop();
    const mailer = createSmtpMailer({ smtpUrl: closed.url, from: 'shop@localhost' });
    await expect(mailer.send({ to: 'a@b.in', subject: 's', html: '<p>h</p>', text: 't' })).rejects.toThrow();
  });
});
