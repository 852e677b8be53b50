import { Agent, fetch, type FormData } from 'undici';

// The shop's JSON API as its pages call it, over real HTTP (the cluster suite and the soak bench): JSON bodies
// (`{}` when empty), the session cookie, and a client address through a trusted proxy when given.

/** Talks to nginx's self-signed certificate in the tests; never used against anything but loopback. */
const loopbackTls = new Agent({ connect: { rejectUnauthorized: false }, keepAliveTimeout: 10_000 });

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; data?: T; error?: string };
  headers: Headers;
  cookies: string[];
}

export interface CallOptions {
  body?: object;
  cookie?: string;
  /** X-Forwarded-For: counts only when the shop trusts the caller as a proxy (TRUST_PROXY). */
  ip?: string;
  form?: FormData;
}

export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (method !== 'GET') {
    body = JSON.stringify(options.body ?? {});
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, dispatcher: loopbackTls });
  const text = await response.text();
  let parsed: Answer<T>['body'];
  try {
    parsed = text ? (JSON.parse(text) as Answer<T>['body']) : { success: false };
  } catch {
    parsed = { success: false, error: text.slice(0, 200) };
  }
  return {
    status: response.status,
    body: parsed,
    headers: response.headers as unknown as Headers,
    cookies: response.headers.getSetCookie().map((header) => header.split(';')[0]!),
  };
}

/** The data of a 200 answer; anything else throws with the answer's error. */
export function dataOf<T>(answer: Answer<T>, what: string): T {
  if (answer.status !== 200 || answer.body.data === undefined) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data;
}

/** Raw bytes of a GET (photos, pages). */
export async function getBytes(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, dispatcher: loopbackTls });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

export const HOME_ADDRESS = {
  name: 'Cluster Shopper',
  phone: '9876543210',
  street: '1 Park Street',
  city: 'Kolkata',
  district: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
};

export interface Shopper {
  email: string;
  password: string;
  cookie: string;
  ip: string;
  addressId: string;
}

/**
 * Signs a shopper up as the sign-up page does (code by mail; `codeFor` reads it wherever mail goes), logs in and
 * adds an address. `bases` spreads the calls over instances (round robin), as a load balancer would.
 */
export async function signUpShopper(
  bases: readonly string[],
  codeFor: (email: string) => Promise<string>,
  index: number,
  label = 'shopper',
): Promise<Shopper> {
  const base = (step: number) => bases[(index + step) % bases.length]!;
  const email = `${label}.${index}.${Date.now().toString(36)}@example.in`;
  const password = 'cluster shopper 42';
  const ip = `10.88.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
  dataOf(await call(base(0), 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email }, ip }), 'sending the code');
  const otp = await codeFor(email);
  dataOf(await call(base(1), 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp }, ip }), 'verifying the code');
  const details = { email, firstName: 'Cluster', lastName: `Shopper ${index}`, password, confirmPassword: password };
  dataOf(await call(base(0), 'POST', '/api/user/auth/register', { body: details, ip }), 'registering');
  const login = await call(base(1), 'POST', '/api/user/auth/loginUsingPassword', { body: { email, password }, ip });
  dataOf(login, 'logging in');
  const cookie = login.cookies.find((pair) => pair.startsWith('sid='));
  if (!cookie) throw new Error('login set no session cookie');
  const { address } = dataOf<{ address: { _id: string } }>(
    await call(base(0), 'POST', '/api/user/profile/addAddress', { body: HOME_ADDRESS, cookie, ip }),
    'adding the address',
  );
  return { email, password, cookie, ip, addressId: address._id };
}

/** An admin session cookie (`asid=…`). */
export async function adminLogin(base: string, email: string, password: string): Promise<string> {
  const login = await call(base, 'POST', '/api/admin/login', { body: { adminEmail: email, adminPassword: password } });
  dataOf(login, 'admin login');
  const cookie = login.cookies.find((pair) => pair.startsWith('asid='));
  if (!cookie) throw new Error('admin login set no cookie');
  return cookie;
}

/** What the emulator's checkout sheet sends when the shopper presses 'Success'; answers what Checkout hands the page. */
export async function payOnEmulator(base: string, razorpayOrderId: string, keyId: string, shopper: Pick<Shopper, 'email' | 'ip'>) {
  const sheet = await fetch(`${base}/razorpay-emulator/checkout/orders/${razorpayOrderId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': shopper.ip },
    body: JSON.stringify({ key_id: keyId, outcome: 'success', method: 'upi', email: shopper.email, contact: HOME_ADDRESS.phone }),
    dispatcher: loopbackTls,
  });
  if (sheet.status !== 200) throw new Error(`the emulator sheet answered ${sheet.status}: ${await sheet.text()}`);
  return (await sheet.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}
