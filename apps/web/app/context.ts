import type { WebLoadContext } from '@shop/server/services';

// Loaders and actions receive the server's domain services in-process (see apps/server/src/web/ssr.ts).
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
