/** Where Chromium is: CHROME_PATH, else Debian's /usr/bin/chromium. */
export declare const CHROMIUM_PATH: string;
/** The browser the e2e tests drive: CHROME_TEST_PATH, else Debian's chromium-headless-shell when installed, else CHROMIUM_PATH. */
export declare const TEST_BROWSER_PATH: string;
/** Flags for a headless Chromium on a machine without network or GPU. */
export declare const CHROMIUM_ARGS: string[];
