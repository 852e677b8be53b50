import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.js';
import { capturingMailer, jsonCall, registerUser, testClock, uniqueEmail } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

// Like an SMTP server a little way off: every mail takes this long. Without it, a path that skips the mail
// would look as fast as one that sends it, and the comparison would prove nothing.
const MAIL_DELAY_MS = 40;
const TRIES = 20;
const MAX_MEDIAN_DIFFERENCE_MS = 20;

const clock = testClock();
const captured = capturingMailer();
const slowMailer: Mailer = {
  async send(mail) {
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
    await captured.mailer.send(mail);
  },
};
const t = useTestApp({ services: { now: clock.now, mailer: slowMailer } });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

/** Times `call` for a known and an unknown address, alternating which goes first; answers both medians in ms. */
async function timeKnownAgainstUnknown(
  call: (email: string) => Promise<{ statusCode: number; body: string }>,
  known: string,
): Promise<{ known: number; unknown: number }> {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let attempt = 0; attempt < TRIES; attempt++) {
    // Past the per-address limits (one a minute, five an hour) for the one known address.
    clock.advance(13 * 60_000);
    const order = attempt % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    const bodies: string[] = [];
    for (const which of order) {
      const started = performance.now();
      const response = await call(which === 'known' ? known : uniqueEmail('unknown'));
      times[which].push(performance.now() - started);
      bodies.push(`${response.statusCode} ${response.body}`);
    }
    expect(bodies[0]).toBe(bodies[1]);
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

// Regression: sign-up answered a known address at once (409) and an unknown one after the SMTP round trip.
describe('the time to answer does not tell whether an address has an account', () => {
  it(`sign-up code: both wait for one mail; medians over ${TRIES} tries differ by less than ${MAX_MEDIAN_DIFFERENCE_MS} ms`, async () => {
    const { email } = await registerUser(t.app, captured);
    const medians = await timeKnownAgainstUnknown(
      (address) => jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email: address } }),
      email,
    );
    console.info(`sendAccountVerificationOtp medians: known ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms`);
    expect(medians.known).toBeGreaterThanOrEqual(MAIL_DELAY_MS);
    expect(medians.unknown).toBeGreaterThanOrEqual(MAIL_DELAY_MS);
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
  });

  it(`login code: both wait for one mail; medians over ${TRIES} tries differ by less than ${MAX_MEDIAN_DIFFERENCE_MS} ms`, async () => {
    const { email } = await registerUser(t.app, captured);
    const medians = await timeKnownAgainstUnknown(
      (address) => jsonCall(t.app, 'POST', '/api/user/auth/sendLoginOtp', { body: { email: address } }),
      email,
    );
    console.info(`sendLoginOtp medians: known ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms`);
    expect(medians.known).toBeGreaterThanOrEqual(MAIL_DELAY_MS);
    expect(medians.unknown).toBeGreaterThanOrEqual(MAIL_DELAY_MS);
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
  });

  it(`register: the same answer, medians over ${TRIES} tries differ by less than ${MAX_MEDIAN_DIFFERENCE_MS} ms`, async () => {
    const { email } = await registerUser(t.app, captured);
    const details = { firstName: 'A', lastName: 'B', password: 'longenough', confirmPassword: 'longenough' };
    const medians = await timeKnownAgainstUnknown(
      (address) => jsonCall(t.app, 'POST', '/api/user/auth/register', { body: { email: address, ...details } }),
      email,
    );
    console.info(`register medians: known ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms`);
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(MAX_MEDIAN_DIFFERENCE_MS);
  });
});
