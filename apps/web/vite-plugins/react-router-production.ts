import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Where React Router keeps its production build, next to the development build its package exports. */
export const ROUTER_PRODUCTION_DIST = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, #14102): bundled for
 * the browser it ships its developer warnings to shoppers' consoles, and 0.4 KB more. Its production build sits
 * next to it in the package, identical but for that switch, so the production browser build takes it. The
 * server keeps the exported build: Node resolves it at run time, outside Vite.
 */
export const reactRouterProductionBuild: Plugin = {
  name: 'react-router-production-build',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client' && environment.config.mode === 'production',
  resolveId(source) {
    if (source === 'react-router') return join(ROUTER_PRODUCTION_DIST, 'index.mjs');
    if (source === 'react-router/dom') return join(ROUTER_PRODUCTION_DIST, 'dom-export.mjs');
    return null;
  },
};
