import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

// Shoppers for the journeys on the shared e2e shop, which keeps mail in its dev outbox (/dev/mailbox).

export const PASSWORD = 'chanderi-silk-24';

export const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.in`;

/** The 6-digit code of the newest mail to `email` in the dev outbox (its subject carries the code). */
export async function codeFromDevMailbox(request: Pick<APIRequestContext, 'get'>, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const html = await (await request.get('/dev/mailbox')).text();
    // Newest first: an <h2> subject, then 'To {address} · {time}'.
    for (const match of html.matchAll(/<h2[^>]*>(\d{6}) [^<]*<\/h2>\s*<p[^>]*>To ([^ <]+) ·/g)) {
      if (match[2] === email && match[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no code mail to ${email} in /dev/mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs up through the API with the mailed code (no session: the shopper logs in next). */
export async function signUp(request: APIRequestContext, email: string, name = { firstName: 'Meera', lastName: 'Iyer' }) {
  expect((await request.post('/api/user/auth/sendAccountVerificationOtp', { data: { email } })).ok()).toBe(true);
  const otp = await codeFromDevMailbox(request, email);
  expect((await request.post('/api/user/auth/verifyAccountOtp', { data: { email, otp } })).ok()).toBe(true);
  const data = { email, ...name, password: PASSWORD, confirmPassword: PASSWORD };
  expect((await request.post('/api/user/auth/register', { data })).ok()).toBe(true);
}

/** Signs up and logs in through the API: `request` (a page's) then carries the session cookie. */
export async function signedInShopper(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await signUp(request, email);
  expect((await request.post('/api/user/auth/loginUsingPassword', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return email;
}

/** The demo's Tiered Maxi Dress: colours Mustard and Navy, sizes S–XXL, a size chart. */
export async function maxiDressId(request: APIRequestContext) {
  const search = (await (await request.get('/api/user/product/search?q=maxi')).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === 'Tiered Maxi Dress');
  if (!card) throw new Error('no demo Tiered Maxi Dress');
  return card._id;
}
