import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import type { Database } from '../db/database.js';
import { createServices, type Services, type ServicesOptions } from '../services.js';
import { createTestDatabase } from './database.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  services: Services;
  mediaDir: string;
}

/**
 * Builds the API on a fresh database for this test file; call at the top of a test file.
 * `services` sets the clock, mailer and so on; `extraRoutes` adds routes that exist only in the test (they must be added before the app is ready).
 */
export function useTestApp(
  options: {
    extraRoutes?: (app: FastifyInstance) => void;
    services?: Omit<ServicesOptions, 'mediaDir'>;
    config?: Partial<AppOptions['config']>;
    /** The app's log lines at `info` and above, parsed, as they would reach the journal (none when not given). */
    logLines?: Record<string, unknown>[];
  } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.mediaDir = mkdtempSync(path.join(tmpdir(), 'shop-media-'));
    context.services = await createServices(context.database.db, { ...options.services, mediaDir: context.mediaDir });
    await context.services.settings.ensureExists();
    context.app = await buildApp({
      config: { publicUrl: 'http://localhost:3000', logLevel: options.logLines ? 'info' : 'silent', production: false, ...options.config },
      db: context.database.db,
      services: context.services,
      ...(options.logLines ? { logStream: linesInto(options.logLines) } : { logger: false }),
    });
    options.extraRoutes?.(context.app);
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    if (context.mediaDir) rmSync(context.mediaDir, { recursive: true, force: true });
  });
  return context;
}

/** A log stream that keeps each line, parsed: every line the shop writes must be one JSON object. */
function linesInto(lines: Record<string, unknown>[]) {
  return { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
}
