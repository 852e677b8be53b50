import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    // Opt in early to v8 behaviour that needs no code change. Not yet: v8_middleware (turns the load
    // context into a RouterContextProvider) and v8_passThroughRequests (loaders would see '.data' URLs).
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
