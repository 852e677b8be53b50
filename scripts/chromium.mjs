// Debian's Chromium (apt-get install chromium), for the browser tests, the Lighthouse bench and the screenshots:
// nothing here downloads a browser. The flags keep it from reaching for the network this machine does not have.
// Plain JavaScript so that scripts/*.mjs can import it; TypeScript reads its types from chromium.d.mts.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// The browser tests run in Debian's headless shell (apt-get install chromium-headless-shell), the build Playwright
// itself uses for headless runs: without the full browser's window machinery, on two cores, the catalogue and shell
// specs took 175 s → 103 s and the whole suite 30.8 → 22.5 min. Lighthouse and the screenshots keep the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_BROWSER_PATH =
  process.env.CHROME_TEST_PATH ?? process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
