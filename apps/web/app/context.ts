import type { PageContext } from '@shop/core';

// Loaders and actions receive the server's domain services in-process (see apps/server/src/web/ssr.ts),
// typed by the contract in packages/core, never by the server's own modules.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PageContext {}
}
