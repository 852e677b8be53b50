import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { type Plugin, defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { reactRouterProductionBuild } from './vite-plugins/react-router-production.ts';

const APP = fileURLToPath(new URL('./app/', import.meta.url));
const ROOT_MODULE = `${APP}root.tsx`;

/**
 * The shop's own modules that the root layout imports, statically and transitively (header, footer, search box,
 * cart link, API client, paths…): every page runs them, so the browser build puts them in one 'shell' chunk
 * instead of the two dozen files of a few hundred bytes each that automatic chunking makes of them (each module
 * lands in a chunk per set of routes sharing it). On a phone every request costs a round trip before the page's
 * scripts are in; the bytes are the same.
 */
const shell = new Set<string>();
const findShell: Plugin = {
  name: 'find-app-shell',
  applyToEnvironment: (environment) => environment.name === 'client',
  buildEnd() {
    const pending = [ROOT_MODULE];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (shell.has(id) || !id.startsWith(APP)) continue;
      shell.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
    shell.delete(ROOT_MODULE); // the root route stays its own entry chunk
  },
};

export default defineConfig({
  plugins: [findShell, reactRouterProductionBuild, tailwindcss(), reactRouter()],
  // Workspace packages are compiled from their TypeScript sources ('source' export condition).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] },
    noExternal: ['@shop/core'],
  },
  build: { target: 'es2022' },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router: one file, loaded by every page.
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
                { name: 'shell', test: (id) => shell.has(id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
