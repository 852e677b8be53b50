/**
 * Debian's Chromium (apt-get install chromium), for the browser tests and the Lighthouse bench: nothing
 * here downloads a browser. The flags keep it from reaching for the network this machine does not have.
 */
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
