// Debian's Chromium (apt-get install chromium), for the browser tests, the Lighthouse bench and the screenshots:
// nothing here downloads a browser. The flags keep it from reaching for the network this machine does not have.
// Plain JavaScript so that scripts/*.mjs can import it; TypeScript reads its types from chromium.d.mts.

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
