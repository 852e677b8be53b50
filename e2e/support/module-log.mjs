// `node --import ./module-log.mjs`: writes the URL of every module the process resolves to the file named by
// SHOP_MODULE_LOG, one a line; the production start test reads it to show that no dev-only module was loaded.
// Module hooks run on a thread of their own (Node 20+), which loads this same file: only the main thread registers.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url);

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.SHOP_MODULE_LOG) appendFileSync(process.env.SHOP_MODULE_LOG, `${resolved.url}\n`);
  return resolved;
}
