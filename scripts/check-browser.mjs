#!/usr/bin/env node
// The browser tests use Debian's Chromium; say in one line how to get it when it is missing.
import { existsSync } from 'node:fs';

const browser = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(browser)) {
  console.error(`Chromium not found at ${browser}: install it with 'sudo apt-get install -y chromium' or set CHROME_PATH.`);
  process.exit(1);
}
