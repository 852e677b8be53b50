import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { TrustProxy } from '../config.js';
import { capturingMailer, jsonCall, uniqueEmail, uniqueIp } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import type { ErrorEnvelope } from './envelope.js';

// Regression: with `trustProxy: true` any client's own X-Forwarded-For was its IP, so per-IP limits never bit.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** A second instance on the same database and services, trusting proxies as TRUST_PROXY would say. */
async function appTrusting(trustProxy: TrustProxy): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', production: false, trustProxy },
    db: t.database.db,
    services: t.services,
    logger: false,
  });
  apps.push(app);
  return app;
}

const sendCode = (app: FastifyInstance, ip: string, forwardedFor: string) =>
  jsonCall(app, 'POST', '/api/user/auth/sendLoginOtp', {
    body: { email: uniqueEmail() },
    ip,
    headers: { 'x-forwarded-for': forwardedFor },
  });

const contactPost = (app: FastifyInstance, ip: string, forwardedFor: string) =>
  jsonCall(app, 'POST', '/api/user/contact/sendMessage', {
    body: { name: 'Asha', email: 'asha@example.in', message: 'Do you ship sarees to Goa?' },
    ip,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('without TRUST_PROXY, X-Forwarded-For is ignored: the socket address counts', () => {
  it('limits code sends per IP however the header changes', async () => {
    const ip = uniqueIp();
    for (let send = 1; send <= 20; send++) expect((await sendCode(t.app, ip, uniqueIp())).statusCode).toBe(200);
    const blocked = await sendCode(t.app, ip, uniqueIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<ErrorEnvelope>().error).toBe('Too many codes were requested from your network. Please try again in 60 minutes.');
  });

  it('limits contact messages per IP however the header changes', async () => {
    const ip = uniqueIp();
    for (let post = 1; post <= 5; post++) expect((await contactPost(t.app, ip, uniqueIp())).statusCode).toBe(200);
    expect((await contactPost(t.app, ip, uniqueIp())).statusCode).toBe(429);
  });

  it('does not let a forged X-Forwarded-Host or -Proto pass the origin check', async () => {
    const response = await jsonCall(t.app, 'POST', '/api/user/auth/logout', {
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorEnvelope>().error).toBe('Cross-site requests are not allowed.');
  });
});

describe('with TRUST_PROXY=1, the address the proxy saw counts', () => {
  it('counts each forwarded client on its own, and the last forwarded address is the one the proxy saw', async () => {
    const app = await appTrusting({ hops: 1 });
    const proxy = uniqueIp();
    // Six different clients behind one proxy: nobody is over the limit of 5.
    for (let client = 1; client <= 6; client++) expect((await contactPost(app, proxy, uniqueIp())).statusCode).toBe(200);
    // One client who prepends a new fake address each time is still one client to the proxy.
    const client = uniqueIp();
    for (let post = 1; post <= 5; post++) expect((await contactPost(app, proxy, `${uniqueIp()}, ${client}`)).statusCode).toBe(200);
    expect((await contactPost(app, proxy, `${uniqueIp()}, ${client}`)).statusCode).toBe(429);
  });

  it('limits code sends per forwarded client', async () => {
    const app = await appTrusting({ hops: 1 });
    const proxy = uniqueIp();
    const client = uniqueIp();
    for (let send = 1; send <= 20; send++) expect((await sendCode(app, proxy, client)).statusCode).toBe(200);
    expect((await sendCode(app, proxy, client)).statusCode).toBe(429);
    expect((await sendCode(app, proxy, uniqueIp())).statusCode).toBe(200);
  });

  it("takes the proxy's X-Forwarded-Host and -Proto as the request's origin", async () => {
    const app = await appTrusting({ hops: 1 });
    const headers = { origin: 'https://shop.example.in', 'x-forwarded-host': 'shop.example.in', 'x-forwarded-proto': 'https' };
    expect((await jsonCall(app, 'POST', '/api/user/auth/logout', { headers })).statusCode).toBe(200);
  });
});

describe('with TRUST_PROXY as a list of proxy addresses', () => {
  it('honours X-Forwarded-* only from those addresses', async () => {
    const proxy = uniqueIp();
    const app = await appTrusting({ addresses: [proxy] });
    for (let client = 1; client <= 6; client++) expect((await contactPost(app, proxy, uniqueIp())).statusCode).toBe(200);

    const stranger = uniqueIp();
    for (let post = 1; post <= 5; post++) expect((await contactPost(app, stranger, uniqueIp())).statusCode).toBe(200);
    expect((await contactPost(app, stranger, uniqueIp())).statusCode).toBe(429);

    const forged = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expect((await jsonCall(app, 'POST', '/api/user/auth/logout', { ip: stranger, headers: forged })).statusCode).toBe(403);
  });
});
