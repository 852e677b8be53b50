/** Where Chromium is: CHROME_PATH, else Debian's /usr/bin/chromium. */
export declare const CHROMIUM_PATH: string;
/** Flags for a headless Chromium on a machine without network or GPU. */
export declare const CHROMIUM_ARGS: string[];
