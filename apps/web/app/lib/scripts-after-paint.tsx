import { Children, cloneElement, Fragment, isValidElement, useEffect, type ReactNode } from 'react';
import { Scripts } from 'react-router';

/** The type the page's module script carries until the loader runs it: browsers run no script of an unknown type. */
export const AFTER_PAINT_TYPE = 'text/x-module-after-paint';

/**
 * Set on `<html>` once React has hydrated the page: from then on its own handlers answer every click and submit.
 * The browser tests wait for it before they act on a freshly loaded page, as a shopper's first tap waits for it.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

interface ElementProps {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
}

/**
 * React Router's `<Scripts>` output with the page's JavaScript held back until the server's HTML is on screen
 * (ADR 017). As React Router renders it, every module the page needs is a `<link rel="modulepreload">` the browser
 * fetches, at high priority, while it parses the head: on a slow phone connection ~100 KB of scripts then share the
 * line with the heading font and the first photo, and the first paint waits for them. Here the preloads are left
 * out and the module script that starts the app is given a type no browser runs; `afterPaintLoader` puts both back
 * once the first frame is painted. The same rewrite runs on the server and in the browser, so hydration sees the
 * same elements. Pages work without JavaScript, so nothing is lost while the scripts load.
 */
export function deferModuleScripts(node: ReactNode, modules: string[]): ReactNode {
  if (Array.isArray(node)) return Children.map(node, (child: ReactNode) => deferModuleScripts(child, modules));
  if (!isValidElement<ElementProps>(node)) return node;
  const { rel, href, type, children } = node.props;
  if (node.type === 'link' && rel === 'modulepreload') {
    if (href) modules.push(href);
    return null;
  }
  if (node.type === 'script' && type === 'module') return cloneElement(node, { type: AFTER_PAINT_TYPE, async: undefined } as ElementProps);
  if (children === undefined || node.type === 'script') return node;
  return cloneElement(node, undefined, deferModuleScripts(children, modules));
}

/**
 * Runs in the page, as a classic inline script: once the browser reports the first contentful paint (the frame's
 * presentation, not its start), it adds a module preload for each of the page's modules and runs the held-back
 * module script with the page's nonce. A background tab paints nothing, so there it loads at once (or as soon as
 * the tab is left); a browser without paint timing waits one frame. Self-contained: it is sent as its source text.
 */
function loadAfterPaint(modules: readonly string[], heldType: string, hydratedAttribute: string) {
  // Until React has taken the page over, a form only its script handles (no action, no method of its own) must not
  // be sent by the browser: it would be a GET of this page with every field, the password too, in the address.
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (document.documentElement.hasAttribute(hydratedAttribute)) return;
      if (form instanceof HTMLFormElement && !form.hasAttribute('action') && !form.hasAttribute('method')) event.preventDefault();
    },
    true,
  );
  const nonce = document.currentScript?.nonce;
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    for (const held of document.querySelectorAll(`script[type="${heldType}"]`)) {
      const script = document.createElement('script');
      script.type = 'module';
      if (nonce) script.nonce = nonce;
      script.textContent = held.textContent;
      document.head.appendChild(script);
    }
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') load();
  });
  if (document.visibilityState !== 'visible') load();
  else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) load();
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => setTimeout(load, 0));
}

/** The loader's script text for a page's modules; JSON with `<` escaped, so no module path can close the element. */
export function afterPaintLoader(modules: readonly string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  return `(${loadAfterPaint.toString()})(${json(modules)},${json(AFTER_PAINT_TYPE)},${json(HYDRATED_ATTRIBUTE)})`;
}

/**
 * Text typed into a field before React took the page over is kept on screen by hydration, but React's state still
 * holds the server's value, and the next render would put that back. Each such field is handed to React as if
 * just typed: its value set back through React's own tracking, the typed text written past it, and an input event.
 */
function keepTextTypedBeforeHydration() {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && UNTYPED_INPUTS.has(field.type)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue; // what the server rendered (React set it again while hydrating)
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const UNTYPED_INPUTS = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);

function useMarkHydrated() {
  useEffect(() => {
    keepTextTypedBeforeHydration();
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
}

/** Drop-in for React Router's `<Scripts>`: the same scripts, fetched and run after the first paint. */
export function ScriptsAfterPaint({ nonce }: { nonce: string }) {
  useMarkHydrated();
  // Called as a function, not rendered as an element, so that its output can be rewritten; its hooks run as this
  // component's, in the same order on every render.
  const scripts = Scripts({ nonce });
  if (scripts === null) return null; // after hydration React Router renders nothing here
  const modules: string[] = [];
  const deferred = deferModuleScripts(scripts, modules);
  return (
    <Fragment>
      {deferred}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: afterPaintLoader(modules) }} />
    </Fragment>
  );
}
