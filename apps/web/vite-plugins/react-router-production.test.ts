import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTER_PRODUCTION_DIST, reactRouterProductionBuild } from './react-router-production';

const resolve = (source: string) =>
  (reactRouterProductionBuild.resolveId as (this: unknown, source: string) => string | null).call(null, source);

describe('React Router production build for the browser', () => {
  it('resolves both entry points the app imports to files of the production build', () => {
    for (const source of ['react-router', 'react-router/dom']) {
      const file = resolve(source);
      expect(file, source).toMatch(/dist[\\/]production[\\/]/);
      expect(readFileSync(file!, 'utf8'), source).toContain('from "./chunk-');
    }
    expect(resolve('react-router/internal')).toBeNull();
    expect(resolve('react')).toBeNull();
  });

  it('is the build with developer warnings switched off', () => {
    const chunks = readdirSync(ROUTER_PRODUCTION_DIST).filter((name) => name.endsWith('.mjs'));
    const switches = chunks.flatMap((name) =>
      [...readFileSync(join(ROUTER_PRODUCTION_DIST, name), 'utf8').matchAll(/var ENABLE_DEV_WARNINGS = (\w+);/g)].map((match) => match[1]),
    );
    expect(switches).toEqual(['false']);
  });
});
