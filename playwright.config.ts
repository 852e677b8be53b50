import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from './e2e/support/chromium.js';

const SERVER_ONLY = [/start-and-stop\.spec\.ts/, /backup-timer\.spec\.ts/, /postgres\.spec\.ts/, /cluster\.spec\.ts/];
// Journeys made with the page's scripts blocked (ADR 026): every change is a plain HTML form post.
const NO_SCRIPT = /\.no-script\.spec\.ts/;
// What only a phone's screen has (its header's folding, its first screen): the desktop project leaves it out.
const PHONE_ONLY = /\.phone\.spec\.ts/;
// Back-office journeys a wide screen is for (the counter's phone layout and the admin drawer stay in the phone
// run, in billing and admin-shell), and page checks that do not change with the screen: the desktop run has them.
const DESKTOP_ONLY = [
  /\/admin-catalogue\.spec\.ts/,
  /sales-report\.spec\.ts/,
  /admin-reports\.spec\.ts/,
  /\/bill-returns\.spec\.ts/,
  /contact\.spec\.ts/,
  /offers\.spec\.ts/,
  /coupons-admin\.spec\.ts/,
  /shipping-ui\.spec\.ts/,
  /http-hardening\.spec\.ts/,
  /\/gst-returns\.spec\.ts/,
];

export default defineConfig({
  testDir: 'e2e',
  // The demo shop the journeys share. The PostgreSQL start-up test starts its own shops, so scripts/test-postgres.mjs
  // runs it without the demo shop (E2E_DEMO_SHOP=0): its seed takes 40 s on a slow machine.
  globalSetup: process.env.E2E_DEMO_SHOP === '0' ? undefined : './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // The longest journeys (sign-up to wishlist, the back-office product round trip) take 40–60 s on a slow two-core
  // machine while the demo shop's photos are still being encoded; a hung step still fails, a little later.
  timeout: 120_000,
  use: {
    // Set by global-setup once the server listens on its free port.
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace's DOM snapshots; the screencast is left out: recording it on every test made
    // 28 desktop tests 1.5 times as slow on two cores (111 s with it, 72 s without, 65 s with no trace).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Browser journeys at a phone's and a desktop's size.
    {
      name: 'phone',
      testIgnore: [...SERVER_ONLY, NO_SCRIPT, ...DESKTOP_ONLY],
      use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 } },
    },
    {
      name: 'desktop',
      testIgnore: [...SERVER_ONLY, NO_SCRIPT, PHONE_ONLY],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // A phone whose scripts never arrive: sign-up to the payment page, and the back-office's edits, as plain forms.
    {
      name: 'no-script',
      testMatch: NO_SCRIPT,
      use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 }, javaScriptEnabled: false },
    },
    // Start-up and shutdown of the server process itself, and the guide's backup unit run on the build.
    { name: 'server', testMatch: [/start-and-stop\.spec\.ts/, /backup-timer\.spec\.ts/] },
    // The server on PostgreSQL; run by scripts/test-postgres.mjs when a server answers.
    { name: 'postgres', testMatch: /postgres\.spec\.ts/ },
    // Two instances on PostgreSQL behind nginx with S3 photos, and their faults (docs/deploy.md); needs nginx and
    // PostgreSQL, run by scripts/test-postgres.mjs beside the browser tests.
    { name: 'cluster', testMatch: /cluster\.spec\.ts/ },
  ],
});
