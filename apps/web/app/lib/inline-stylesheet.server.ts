import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const texts = new Map<string, string>();

/**
 * The text of a built stylesheet, by its public URL (/assets/root-….css), read once from the browser build
 * (build/client, beside this server build). Content-hashed names never change while the server runs.
 */
export function stylesheetText(url: string): string {
  let text = texts.get(url);
  if (text === undefined) {
    text = readFileSync(fileURLToPath(new URL(`../client${url}`, import.meta.url)), 'utf8');
    texts.set(url, text);
  }
  return text;
}
