#!/usr/bin/env node
// The browser tests use Debian's Chromium; say in one line how to get it when it is missing.
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.mjs';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium not found at ${CHROMIUM_PATH}: install it with 'sudo apt-get install -y chromium' or set CHROME_PATH.`);
  process.exit(1);
}
