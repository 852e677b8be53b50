import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    // Opt in early to v8 behaviour. Middleware resolves who is signed in once per request and lets each
    // protected layout decide access once (ADR 026). Not yet: v8_passThroughRequests (loaders would see '.data' URLs).
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
