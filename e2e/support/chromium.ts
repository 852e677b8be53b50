// One definition for the browser tests, the Lighthouse bench and scripts/screenshots.mjs (plain JavaScript).
export { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_BROWSER_PATH } from '../../scripts/chromium.mjs';
