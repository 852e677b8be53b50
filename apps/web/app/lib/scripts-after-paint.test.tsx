import { runInNewContext, Script } from 'node:vm';
import { Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_TYPE, afterPaintLoader, deferModuleScripts } from './scripts-after-paint';

// The shape of React Router's <Scripts> output: preloads for the entry and each module, the context script, and the
// module script that imports the routes and starts the entry.
const routerScripts = (
  <Fragment>
    {null}
    <link rel="modulepreload" href="/assets/entry.js" nonce="n1" />
    {['/assets/framework.js', '/assets/home.js'].map((href) => (
      <link key={href} rel="modulepreload" href={href} nonce="n1" />
    ))}
    <Fragment>
      <script nonce="n1" dangerouslySetInnerHTML={{ __html: 'window.__context = {};' }} />
      <script
        nonce="n1"
        type="module"
        async
        dangerouslySetInnerHTML={{ __html: 'import "/assets/home.js"; import("/assets/entry.js");' }}
      />
    </Fragment>
  </Fragment>
);

describe('deferModuleScripts', () => {
  it('leaves out the module preloads, in order, and holds the module script back under a type no browser runs', () => {
    const modules: string[] = [];
    const html = renderToStaticMarkup(<>{deferModuleScripts(routerScripts, modules)}</>);
    expect(modules).toEqual(['/assets/entry.js', '/assets/framework.js', '/assets/home.js']);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('async');
    expect(html).toBe(
      '<script nonce="n1">window.__context = {};</script>' +
        `<script nonce="n1" type="${AFTER_PAINT_TYPE}">import "/assets/home.js"; import("/assets/entry.js");</script>`,
    );
  });

  it('passes nothing through when React Router renders nothing (after hydration)', () => {
    const modules: string[] = [];
    expect(deferModuleScripts(null, modules)).toBeNull();
    expect(modules).toEqual([]);
  });
});

describe('afterPaintLoader', () => {
  it('is a self-contained script that cannot be closed by a module path', () => {
    const source = afterPaintLoader(['/assets/a</script><script>alert(1)</script>.js']);
    expect(source).not.toContain('</script>');
    expect(source).toContain('\\u003c/script>');
    expect(() => new Script(source)).not.toThrow(); // parses as a classic script (compiled, not run)
  });

  // A stand-in for the few parts of the page the loader touches.
  function fakePage(visibilityState: 'visible' | 'hidden') {
    const head: Array<Record<string, string>> = [];
    const listeners: string[] = [];
    let observer: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    const context = {
      document: {
        visibilityState,
        currentScript: { nonce: 'n1' },
        documentElement: { hasAttribute: () => false },
        head: { appendChild: (element: Record<string, string>) => head.push(element) },
        createElement: (tag: string) => ({ tag }),
        querySelectorAll: (selector: string) =>
          selector.includes(AFTER_PAINT_TYPE) ? [{ textContent: 'import("/assets/entry.js");' }] : [],
        addEventListener: (type: string) => listeners.push(type),
      },
      PerformanceObserver: Object.assign(
        class {
          constructor(callback: typeof observer) {
            observer = callback;
          }
          observe() {}
        },
        { supportedEntryTypes: ['paint'] },
      ),
      HTMLFormElement: class {},
    };
    return {
      context,
      head,
      listeners,
      paint: (names: string[]) => observer?.({ getEntriesByName: (name) => names.filter((n) => n === name) }),
    };
  }

  it('in a background tab, adds the preloads and runs the held-back script with the nonce at once', () => {
    const page = fakePage('hidden');
    runInNewContext(afterPaintLoader(['/assets/entry.js', '/assets/framework.js']), page.context);
    expect(page.head).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/framework.js' },
      { tag: 'script', type: 'module', nonce: 'n1', textContent: 'import("/assets/entry.js");' },
    ]);
    expect(page.listeners).toEqual(['submit', 'visibilitychange']);
  });

  it('on screen, waits for the first contentful paint, and loads once', () => {
    const page = fakePage('visible');
    runInNewContext(afterPaintLoader(['/assets/entry.js']), page.context);
    expect(page.head).toEqual([]);
    page.paint(['first-paint']);
    expect(page.head).toEqual([]);
    page.paint(['first-contentful-paint']);
    page.paint(['first-contentful-paint']);
    expect(page.head.map((element) => element.tag)).toEqual(['link', 'script']);
  });
});
