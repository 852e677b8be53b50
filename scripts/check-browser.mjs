#!/usr/bin/env node
// The browser tests use Debian's Chromium; say in one line how to get it when it is missing.
import { existsSync } from 'node:fs';
import { TEST_BROWSER_PATH } from './chromium.mjs';

if (!existsSync(TEST_BROWSER_PATH)) {
  console.error(
    `Chromium not found at ${TEST_BROWSER_PATH}: install it with 'sudo apt-get install -y chromium-headless-shell chromium' or set CHROME_TEST_PATH.`,
  );
  process.exit(1);
}
