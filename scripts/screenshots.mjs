#!/usr/bin/env node
// Screenshots of pages at phone and desktop sizes, for looking at what we build:
//   node scripts/screenshots.mjs http://localhost:3000 / /faq ...   → ./screenshots/*.png
// SCREENSHOT_LOGIN=email:password logs in first, for the /user pages, checkout and payment.
// SCREENSHOT_ADMIN_LOGIN=email:password logs in as an admin first, for the /admin pages.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const [base = 'http://localhost:3000', ...pages] = process.argv.slice(2);
const out = process.env.SCREENSHOT_DIR ?? 'screenshots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
]) {
  const page = await browser.newPage({ viewport });
  if (process.env.SCREENSHOT_LOGIN) {
    const [email, ...password] = process.env.SCREENSHOT_LOGIN.split(':');
    const login = await page.request.post(`${base}/api/user/auth/loginUsingPassword`, { data: { email, password: password.join(':') } });
    if (!login.ok()) throw new Error(`SCREENSHOT_LOGIN: login failed (${login.status()})`);
  }
  if (process.env.SCREENSHOT_ADMIN_LOGIN) {
    const [adminEmail, ...password] = process.env.SCREENSHOT_ADMIN_LOGIN.split(':');
    const login = await page.request.post(`${base}/api/admin/login`, { data: { adminEmail, adminPassword: password.join(':') } });
    if (!login.ok()) throw new Error(`SCREENSHOT_ADMIN_LOGIN: login failed (${login.status()})`);
  }
  for (const path of pages.length ? pages : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = `${out}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${label}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await page.close();
}
await browser.close();
